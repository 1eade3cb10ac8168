import type { AdImage } from '@common/schemas/ads';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from './image-upload-field';
import { useAdImages } from './use-ad-images';

afterEach(cleanup);

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const existing = (n: number): AdImage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  card: `/media/${n}/card.webp`,
  cardJpeg: `/media/${n}/card.jpg`,
  large: `/media/${n}/large.webp`,
  largeJpeg: `/media/${n}/large.jpg`,
});

function Harness({ initial }: { initial: AdImage[] }) {
  const images = useAdImages(initial);
  return (
    <>
      <span id="images-label">Images</span>
      <ImageUploadField images={images} labelId="images-label" labelNewAsNew />
    </>
  );
}

const renderField = (count: number) =>
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <Harness initial={Array.from({ length: count }, (_, i) => existing(i + 1))} />
    </I18nextProvider>,
  );

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => new File(['x'], `photo-${i}.jpg`, { type: 'image/jpeg' }));

describe('ImageUploadField', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it("refuses a selection that would exceed 5 images with 'Maximum 5 Images' and adds nothing", () => {
    renderField(4);
    expect(screen.getAllByTestId('image-tile')).toHaveLength(4);
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: files(2) } });

    expect(toast.error).toHaveBeenCalledWith('Maximum 5 Images', expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('image-tile')).toHaveLength(4);
    expect(screen.getByText('You can upload up to 5 images. Currently selected: 4/5.')).toBeInTheDocument();
  });

  it('opens the crop dialog for a selection that fits', () => {
    renderField(4);
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: files(1) } });
    expect(toast.error).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Crop Image' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crop' })).toBeInTheDocument();
    expect(screen.getByLabelText('Zoom')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('image-tile')).toHaveLength(4);
  });

  it('hides the upload tile at 5 images and removes one with its button', () => {
    renderField(5);
    expect(screen.queryByTestId('image-input')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove — Image 2' }));
    expect(screen.getAllByTestId('image-tile')).toHaveLength(4);
    expect(screen.getByTestId('image-input')).toBeInTheDocument();
  });
});
