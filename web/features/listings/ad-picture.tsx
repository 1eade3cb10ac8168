import { cn } from '@web/lib/cn';
import { ImageOff } from 'lucide-react';

type Props = {
  webp: string;
  jpeg: string;
  alt: string;
  className?: string;
  /** Lists load images as they scroll into view; the gallery's current image loads at once. */
  loading?: 'lazy' | 'eager';
};

/** WebP for browsers that take it, JPEG for the rest. */
export function AdPicture({ webp, jpeg, alt, className, loading = 'lazy' }: Props) {
  return (
    <picture>
      <source srcSet={webp} type="image/webp" />
      <img
        src={jpeg}
        alt={alt}
        loading={loading}
        decoding="async"
        className={cn('object-cover', className)}
      />
    </picture>
  );
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
