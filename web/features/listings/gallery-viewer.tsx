import type { AdImage } from '@common/schemas/ads';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { AdPicture } from './ad-picture';
import { MAX_SCALE, MIN_SCALE, useZoom, ZOOM_STEP } from './use-zoom';

type Props = {
  images: AdImage[];
  title: string;
  open: boolean;
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
  /** Where focus goes back when the viewer closes: the control that opened it. */
  returnFocusRef: RefObject<HTMLElement | null>;
};

const ROUND = 'rounded-full bg-black/55 text-white shadow hover:bg-black/75 hover:text-white';

/**
 * The ad's photos on the whole screen (issue 26): arrows or swipes move between them; buttons, +/-,
 * a pinch or a double tap zoom; a zoomed photo is moved by dragging. Escape or the close button
 * ends it and gives focus back to the gallery.
 */
export function GalleryViewer({ images, title, open, index, onIndexChange, onClose, returnFocusRef }: Props) {
  const { t } = useTranslation('listings');
  const total = images.length;
  const go = (step: number) => onIndexChange((((index + step) % total) + total) % total);
  const { zoom, frameRef, zoomBy, reset, handlers } = useZoom((step) => total > 1 && go(step));
  const current = images[index];

  // Each photo starts whole.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index is what resets it.
  useEffect(() => reset(), [index, reset]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' && total > 1) go(-1);
    else if (event.key === 'ArrowRight' && total > 1) go(1);
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-') zoomBy(-ZOOM_STEP);
    else return;
    event.preventDefault();
    // The gallery around the portal would take the same arrow again (React events cross portals).
    event.stopPropagation();
  };

  return (
    <Primitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black" />
        <Primitive.Content
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          data-testid="gallery-viewer"
        >
          <div className="flex items-center justify-between gap-2 p-2 sm:p-3">
            <Primitive.Title className="min-w-0 truncate px-1 text-sm font-medium sm:text-base">
              {title}
            </Primitive.Title>
            <Primitive.Description className="sr-only">{t('viewer.help')}</Primitive.Description>
            <div className="flex shrink-0 items-center gap-1.5">
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className={ROUND}
                onClick={() => zoomBy(-ZOOM_STEP)}
                disabled={zoom.scale <= MIN_SCALE}
                aria-label={t('viewer.zoomOut')}
              >
                <ZoomOut aria-hidden="true" />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className={ROUND}
                onClick={() => zoomBy(ZOOM_STEP)}
                disabled={zoom.scale >= MAX_SCALE}
                aria-label={t('viewer.zoomIn')}
              >
                <ZoomIn aria-hidden="true" />
              </Button>
              <Primitive.Close asChild>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className={ROUND}
                  aria-label={t('viewer.close')}
                >
                  <X aria-hidden="true" />
                </Button>
              </Primitive.Close>
            </div>
          </div>
          <div
            ref={frameRef}
            className="relative min-h-0 flex-1 touch-none overflow-hidden select-none"
            {...handlers}
            data-testid="viewer-frame"
            data-scale={zoom.scale}
          >
            {current && (
              <div
                className="size-full transition-transform duration-75 ease-out"
                style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
              >
                <AdPicture
                  key={current.id}
                  webp={current.large}
                  jpeg={current.largeJpeg}
                  alt={t('gallery.imageAlt', { title, current: index + 1, total })}
                  priority
                  className="pointer-events-none size-full !object-contain"
                />
              </div>
            )}
            {total > 1 && (
              <>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className={`${ROUND} absolute top-1/2 left-2 size-11 -translate-y-1/2`}
                  onClick={() => go(-1)}
                  aria-label={t('gallery.previous')}
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className={`${ROUND} absolute top-1/2 right-2 size-11 -translate-y-1/2`}
                  onClick={() => go(1)}
                  aria-label={t('gallery.next')}
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
              </>
            )}
          </div>
          <p className="p-3 text-center text-sm tabular-nums" aria-live="polite" data-testid="viewer-counter">
            {t('viewer.counter', { current: index + 1, total, zoom: Math.round(zoom.scale * 100) })}
          </p>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
