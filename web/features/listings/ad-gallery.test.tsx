import type { AdImage } from '@common/schemas/ads';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

// jsdom has no PointerEvent: a MouseEvent with the pointer's id and type stands in for it.
beforeAll(() => {
  if (typeof window.PointerEvent === 'function') return;
  class TestPointerEvent extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
});

const swipe = (element: Element, fromX: number, toX: number, pointerId = 1) => {
  fireEvent.pointerDown(element, { pointerId, pointerType: 'touch', clientX: fromX, clientY: 100 });
  fireEvent.pointerUp(element, { pointerId, pointerType: 'touch', clientX: toX, clientY: 105 });
};

describe('AdGallery on phones and full screen (issue 26)', () => {
  it('swipes to the next and previous photo, and ignores a vertical scroll or a short move', () => {
    renderGallery([image(1), image(2), image(3)]);
    const stage = screen.getByTestId('gallery-stage');
    swipe(stage, 300, 100);
    expect(counter()).toBe('2 / 3');
    swipe(stage, 100, 300);
    swipe(stage, 100, 300);
    expect(counter()).toBe('3 / 3');
    swipe(stage, 200, 180);
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 150, clientY: 400 });
    expect(counter()).toBe('3 / 3');
  });

  it('opens a full-screen viewer at the shown photo: arrows move, buttons zoom, Escape gives focus back', async () => {
    renderGallery([image(1), image(2), image(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    const opener = screen.getByRole('button', { name: 'Open image 2 of 3 full screen' });
    opener.focus();
    fireEvent.click(opener);

    const viewer = screen.getByRole('dialog', { name: 'Tikka T3x' });
    const frame = screen.getByTestId('viewer-frame');
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('2 / 3 · 100%');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('3 / 3');

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    fireEvent.click(zoomIn);
    expect(frame).toHaveAttribute('data-scale', '1.5');
    fireEvent.keyDown(viewer, { key: '+' });
    expect(frame).toHaveAttribute('data-scale', '2');
    fireEvent.keyDown(viewer, { key: '-' });
    expect(frame).toHaveAttribute('data-scale', '1.5');
    // A swipe on a zoomed photo moves it instead of changing photos.
    swipe(frame, 300, 100);
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('3 / 3 · 150%');

    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The gallery shows where the viewer was, and focus is back on what opened it.
    expect(counter()).toBe('3 / 3');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open image 3 of 3 full screen' })).toHaveFocus(),
    );
  });

  it('zooms with a double tap and back, and swipes between photos when not zoomed', () => {
    renderGallery([image(1), image(2)]);
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1 of 2 full screen' }));
    const frame = screen.getByTestId('viewer-frame');
    const tap = () => swipe(frame, 150, 150);
    tap();
    tap();
    expect(frame).toHaveAttribute('data-scale', '2.5');
    tap();
    tap();
    expect(frame).toHaveAttribute('data-scale', '1');
    swipe(frame, 300, 100);
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('2 / 2');
  });
});
