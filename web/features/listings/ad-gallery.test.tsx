import type { AdImage } from '@common/schemas/ads';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AdGallery, wrapIndex } from './ad-gallery';

afterEach(cleanup);

const image = (n: number): AdImage => ({
  id: `img-${n}`,
  card: `/media/${n}/card.webp`,
  cardJpeg: `/media/${n}/card.jpg`,
  large: `/media/${n}/large.webp`,
  largeJpeg: `/media/${n}/large.jpg`,
});

const renderGallery = (images: AdImage[]) =>
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <AdGallery images={images} title="Tikka T3x" />
    </I18nextProvider>,
  );

const counter = () => screen.getByTestId('gallery-counter').textContent?.replace(/\s+/g, ' ');
const mainImage = () => screen.getByAltText(/^Tikka T3x — image/);

describe('wrapIndex', () => {
  it('wraps in both directions', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('AdGallery', () => {
  it('wraps from the first image back to the last and forward again', () => {
    renderGallery([image(1), image(2), image(3)]);
    expect(counter()).toBe('1 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(counter()).toBe('3 / 3');
    expect(mainImage()).toHaveAttribute('src', '/media/3/large.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toBe('1 / 3');
    expect(mainImage()).toHaveAttribute('src', '/media/1/large.jpg');
  });

  it('moves with the arrow keys and the thumbnails', () => {
    renderGallery([image(1), image(2), image(3)]);
    const gallery = screen.getByTestId('ad-gallery');
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 3');

    const thumb = screen.getByRole('button', { name: 'Show image 3 of 3' });
    fireEvent.click(thumb);
    expect(counter()).toBe('3 / 3');
    expect(thumb).toHaveAttribute('aria-current', 'true');
  });

  it('hides the controls for a single image and shows a placeholder for none', () => {
    const { unmount } = renderGallery([image(1)]);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('gallery-counter')).not.toBeInTheDocument();
    unmount();
    renderGallery([]);
    expect(screen.getByRole('img', { name: 'No image' })).toBeInTheDocument();
  });
});
