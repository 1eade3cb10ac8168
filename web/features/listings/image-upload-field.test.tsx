import type { AdImage } from '@common/schemas/ads';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from './image-upload-field';
import { useAdImages } from './use-ad-images';

afterEach(cleanup);

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

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

  it('keeps the first files that fit when too many are chosen, says so, and crops them one by one ("1 of 5")', () => {
    renderField(0);
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: files(6) } });

    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith('Kept the first 5 images', {
      description: 'An ad can have at most 5 images: of the 6 you chose, the first 5 were kept.',
    });
    expect(screen.getByRole('dialog', { name: 'Crop Image' })).toBeInTheDocument();
    expect(screen.getByTestId('crop-position')).toHaveTextContent('1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('crop-position')).toHaveTextContent('2 of 5');
  });

  it('keeps the one file that fits beside 4 images, and shows no position for a single crop', () => {
    renderField(4);
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: files(2) } });
    expect(toast.warning).toHaveBeenCalledWith('Kept the first image', expect.anything());
    expect(screen.getByRole('dialog', { name: 'Crop Image' })).toBeInTheDocument();
    expect(screen.queryByTestId('crop-position')).not.toBeInTheDocument();
  });

  it('gives focus back to the picker when the crop dialog is closed with Escape', async () => {
    renderField(1);
    // Choosing through the label leaves focus on the page, not on the input: no trigger to go back to.
    const input = screen.getByTestId('image-input');
    expect(document.body).toHaveFocus();
    fireEvent.change(input, { target: { files: files(1) } });
    const dialog = screen.getByRole('dialog', { name: 'Crop Image' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('moves images with their buttons: the first is the main one, focus stays on the moved image', () => {
    renderField(3);
    // The tiles' keys name the images; their photos paint later (AfterPaint).
    const order = () => screen.getAllByTestId('image-tile').map((tile) => tile.dataset.key);
    const [one, two, three] = order();
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(order()).toEqual([one, three, two]);
    expect(screen.getByRole('button', { name: 'Move image 2 earlier' })).toHaveFocus();
    expect(screen.getByTestId('image-order-status')).toHaveTextContent(
      'The image is now in position 2 of 3.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(order()).toEqual([three, one, two]);
    // At the front its 'earlier' button is disabled: focus moves to its 'later' one.
    expect(screen.getByRole('button', { name: 'Move image 1 later' })).toHaveFocus();
    expect(screen.getByTestId('image-order-status')).toHaveTextContent('The image is now the main one.');
    const [first] = screen.getAllByTestId('image-tile');
    expect(first).toHaveTextContent('Cover');
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
