import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { AlertCircle, Crop, ImagePlus, RotateCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AdPicture } from './ad-picture';
import { CropDialog } from './crop-dialog';
import { uploadErrorText } from './upload-error-text';
import type { AdImages, ImageItem } from './use-ad-images';

type Props = {
  images: AdImages;
  /** Edit labels new images' buttons 'Remove new' to tell them from the ad's current ones. */
  labelNewAsNew?: boolean;
  /** Id of the visible label of the field. */
  labelId: string;
};

type Pending = { files: File[]; slot?: number };

/**
 * The ad's images (spec: image upload widget): a grid of chosen images with remove buttons and an upload tile
 * while fewer than the maximum. Each chosen file goes through the crop dialog in turn, then uploads at once.
 */
export function ImageUploadField({ images, labelNewAsNew = false, labelId }: Props) {
  const { t } = useTranslation('listings');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending>({ files: [] });
  const current = pending.files[0] ?? null;

  const choose = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    if (images.items.length + files.length > images.max) {
      toast.error(t('images.maxTitle', { max: images.max }), {
        description: t('images.maxDescription', { max: images.max }),
      });
      return;
    }
    setPending({ files });
  };

  const next = () => setPending(({ files }) => ({ files: files.slice(1) }));

  return (
    <div className="flex flex-col gap-2">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={labelId}>
        {images.items.map((item, index) => (
          <ImageTile
            key={item.key}
            item={item}
            index={index}
            removeLabel={item.kind === 'new' && labelNewAsNew ? t('images.removeNew') : t('images.remove')}
            onRemove={() => images.remove(item.key)}
            onRetry={() => images.retry(item.key)}
            onRecrop={
              item.kind === 'new' ? () => setPending({ files: [item.source], slot: index }) : undefined
            }
          />
        ))}
        {images.items.length < images.max && (
          <li>
            <label
              htmlFor={inputId}
              className="flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-input bg-muted/40 p-2 text-center text-sm text-muted-foreground hover:border-primary hover:text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <ImagePlus className="size-6" aria-hidden="true" />
              <span className="font-medium">{t('images.add')}</span>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => choose(event.target.files)}
                data-testid="image-input"
              />
            </label>
          </li>
        )}
      </ul>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {t('images.hint', { count: images.items.length, max: images.max })}
      </p>
      <CropDialog
        file={current}
        onCancel={next}
        onCropped={(file) => {
          if (current) images.add(file, current, pending.slot);
          next();
        }}
        onError={() => {
          toast.error(t('images.cropError'));
          next();
        }}
      />
    </div>
  );
}

type TileProps = {
  item: ImageItem;
  index: number;
  removeLabel: string;
  onRemove(): void;
  onRetry(): void;
  onRecrop?: () => void;
};

function ImageTile({ item, index, removeLabel, onRemove, onRetry, onRecrop }: TileProps) {
  const { t } = useTranslation('listings');
  const position = t('images.position', { n: index + 1 });
  return (
    <li className="flex flex-col gap-1.5" data-testid="image-tile">
      <div className="relative aspect-[4/3] overflow-hidden rounded-md border bg-muted">
        {item.kind === 'existing' ? (
          <AdPicture webp={item.image.card} jpeg={item.image.cardJpeg} alt={position} className="size-full" />
        ) : (
          <img src={item.previewUrl} alt={position} className="size-full object-cover" />
        )}
        {index === 0 && (
          <span className="absolute top-1.5 left-1.5 rounded bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white">
            {t('images.cover')}
          </span>
        )}
        {item.kind === 'new' && onRecrop && item.status !== 'uploading' && (
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="absolute top-1.5 right-1.5 size-8 rounded-full bg-background/85 shadow"
            onClick={onRecrop}
            aria-label={t('images.recrop', { n: index + 1 })}
          >
            <Crop aria-hidden="true" />
          </Button>
        )}
        {item.kind === 'new' && item.status === 'uploading' && (
          <div className="absolute inset-x-0 bottom-0 bg-black/55 p-1.5">
            <div
              role="progressbar"
              aria-label={t('images.uploading', { n: index + 1 })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(item.progress * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-white/30"
            >
              <div
                className="h-full rounded-full bg-white transition-[width]"
                style={{ width: `${Math.round(item.progress * 100)}%` }}
              />
            </div>
          </div>
        )}
        {item.kind === 'new' && item.status === 'error' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/70 p-2 text-center text-xs text-white">
            <AlertCircle className="size-4" aria-hidden="true" />
            <span role="alert" className="line-clamp-3">
              {item.error ? uploadErrorText(t, item.error) : t('images.uploadFailed')}
            </span>
          </div>
        )}
      </div>
      <div className={cn('grid gap-1', item.kind === 'new' && item.status === 'error' && 'grid-cols-2')}>
        {item.kind === 'new' && item.status === 'error' && (
          <Button type="button" size="sm" variant="outline" className="h-8 px-2 text-xs" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t('images.retry')}
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-8 px-2 text-xs"
          onClick={onRemove}
          aria-label={`${removeLabel} — ${position}`}
        >
          {removeLabel}
        </Button>
      </div>
    </li>
  );
}
