import type { AdImage } from '@common/schemas/ads';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { ChevronLeft, ChevronRight, Maximize2 } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { AdPicture, ImagePlaceholder } from './ad-picture';
import { GalleryViewer } from './gallery-viewer';
import { useSwipe } from './use-swipe';

/** Moves an index by `step` through `total` items, wrapping around at both ends. */
export const wrapIndex = (index: number, step: number, total: number) =>
  total > 0 ? (((index + step) % total) + total) % total : 0;

export function AdGallery({ images, title }: { images: AdImage[]; title: string }) {
  const { t } = useTranslation('listings');
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  const swipe = useSwipe((step) => total > 1 && setIndex((i) => wrapIndex(i, step, total)));

  if (!current) {
    return <ImagePlaceholder label={t('card.noImage')} className="aspect-[4/3] w-full rounded-lg" />;
  }

  const go = (step: number) => setIndex((i) => wrapIndex(i, step, total));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('gallery.roleDescription')}
      aria-label={t('gallery.label', { title })}
      tabIndex={total > 1 ? 0 : undefined}
      onKeyDown={total > 1 ? onKeyDown : undefined}
      className="flex flex-col gap-2 rounded-lg"
      data-testid="ad-gallery"
    >
      {/* Swipes move between photos on phones (the page still scrolls up and down); a tap opens the viewer. */}
      <div
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-lg bg-muted select-none"
        {...swipe.handlers}
        data-testid="gallery-stage"
      >
        <AdPicture
          key={current.id}
          webp={current.large}
          jpeg={current.largeJpeg}
          alt={t('gallery.imageAlt', { title, current: index + 1, total })}
          priority
          className="pointer-events-none size-full"
        />
        <button
          ref={openerRef}
          type="button"
          className="absolute inset-0 cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
          onClick={() => !swipe.swiped() && setViewing(true)}
          aria-label={t('viewer.open', { current: index + 1, total })}
          aria-haspopup="dialog"
          data-testid="gallery-open"
        >
          <span className="absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-black/55 text-white shadow">
            <Maximize2 className="size-4" aria-hidden="true" />
          </span>
        </button>
        {total > 1 && (
          <>
            <Button
              type="button"
              size="icon"
              variant="secondary"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-background/85 shadow"
              onClick={() => go(-1)}
              aria-label={t('gallery.previous')}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="secondary"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-background/85 shadow"
              onClick={() => go(1)}
              aria-label={t('gallery.next')}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <p
              className="absolute right-2 bottom-2 rounded-full bg-black/65 px-2.5 py-0.5 text-xs font-medium text-white"
              aria-live="polite"
              data-testid="gallery-counter"
            >
              {index + 1} / {total}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.thumbnails')}>
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('gallery.show', { current: i + 1, total })}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block w-20 overflow-hidden rounded-md border-2 sm:w-24',
                  i === index ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <AdPicture webp={image.card} jpeg={image.cardJpeg} alt="" className="aspect-[4/3] w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <GalleryViewer
        images={images}
        title={title}
        open={viewing}
        index={Math.min(index, total - 1)}
        onIndexChange={setIndex}
        onClose={() => setViewing(false)}
        returnFocusRef={openerRef}
      />
    </section>
  );
}
