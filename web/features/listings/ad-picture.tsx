import { AfterPaint } from '@web/components/after-paint';
import { cn } from '@web/lib/cn';
import { ImageOff } from 'lucide-react';

type Props = {
  webp: string;
  jpeg: string;
  alt: string;
  className?: string;
  /** Responsive WebP sources ("url 640w, ...") with their layout sizes; else the one `webp` file. */
  srcset?: { webp: string; sizes: string };
  /**
   * The page's largest image (the first card, the gallery's photo): loaded at once with high
   * priority, as the server's preload asks. Others load as they scroll into view, and only once
   * the page has painted: started with it, the images of the next cards shared the phone's network
   * with the largest one.
   */
  priority?: boolean;
};

/** WebP for browsers that take it, JPEG for the rest. */
export function AdPicture({ webp, jpeg, alt, className, srcset, priority = false }: Props) {
  const picture = (
    <picture>
      <source srcSet={srcset?.webp ?? webp} sizes={srcset?.sizes} type="image/webp" />
      <img
        src={jpeg}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className={cn('object-cover', className)}
      />
    </picture>
  );
  return priority ? picture : <AfterPaint>{picture}</AfterPaint>;
}

export function ImagePlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
    >
      <ImageOff className="size-8" aria-hidden="true" />
    </div>
  );
}
