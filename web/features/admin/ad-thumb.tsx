import type { AdImage } from '@common/schemas/ads';
import { ImageOff } from 'lucide-react';

/** The first picture of an ad, small; a placeholder when it has none. */
export function AdThumb({ image, label }: { image: AdImage | null; label: string }) {
  return (
    <div className="aspect-[4/3] w-20 shrink-0 self-start overflow-hidden rounded-md bg-muted sm:w-28">
      {image ? (
        <picture>
          <source srcSet={image.card} type="image/webp" />
          <img src={image.cardJpeg} alt="" loading="lazy" className="size-full object-cover" />
        </picture>
      ) : (
        <div
          role="img"
          aria-label={label}
          className="flex size-full items-center justify-center text-muted-foreground"
        >
          <ImageOff className="size-6" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
