import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { AlertCircle, ChevronLeft, ChevronRight, Crop, ImagePlus, RotateCw } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
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

/** The files waiting for the crop dialog, and how many were chosen together ("1 din 3"). */
type Pending = { files: File[]; slot?: number; total: number };

/**
 * The ad's images (spec: image upload widget): a grid of chosen images with remove buttons and an upload tile
 * while fewer than the maximum. Each chosen file goes through the crop dialog in turn, then uploads at once.
 * The first image is the main one; the move buttons (or dragging, with a mouse) change the order,
 * which the form sends as imageIds and the server keeps.
 */
export function ImageUploadField({ images, labelNewAsNew = false, labelId }: Props) {
  const { t } = useTranslation('listings');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [pending, setPending] = useState<Pending>({ files: [], total: 0 });
  const current = pending.files[0] ?? null;
  // What had focus before the crop dialog: the picker, or the tile's crop-again button.
  const returnTo = useRef<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moving, setMoving] = useState<{ key: string; step: number } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  const choose = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    const room = images.max - images.items.length;
    if (room <= 0) {
      toast.error(t('images.maxTitle', { max: images.max }), {
        description: t('images.maxDescription', { max: images.max }),
      });
      return;
    }
    // Issue 26: too many files keep the first ones that fit, and say so, instead of refusing them all.
    const kept = files.slice(0, room);
    if (kept.length < files.length) {
      toast.warning(t('images.keptTitle', { count: kept.length }), {
        description: t('images.keptDescription', {
          max: images.max,
          chosen: files.length,
          count: kept.length,
        }),
      });
    }
    returnTo.current = inputRef.current;
    setPending({ files: kept, total: kept.length });
  };

  const next = () => setPending(({ files, total }) => ({ files: files.slice(1), total }));

  const restoreFocus = () => {
    const target = returnTo.current;
    if (target?.isConnected) target.focus();
    else (inputRef.current ?? [...(listRef.current?.querySelectorAll('button') ?? [])].at(-1))?.focus();
  };

  const move = (key: string, step: number) => {
    const from = images.items.findIndex((item) => item.key === key);
    const to = Math.min(images.items.length - 1, Math.max(0, from + step));
    if (from < 0 || to === from) return;
    images.move(key, to - from);
    setMoving({ key, step });
    setAnnouncement(
      to === 0 ? t('images.movedMain') : t('images.moved', { n: to + 1, total: images.items.length }),
    );
  };

  // A moved tile keeps focus on its move button, or on the other one once it reached an end.
  useEffect(() => {
    if (!moving) return;
    const tile = listRef.current?.querySelector(`[data-key="${moving.key}"]`);
    const same = tile?.querySelector<HTMLButtonElement>(
      `[data-move="${moving.step < 0 ? 'earlier' : 'later'}"]`,
    );
    const other = tile?.querySelector<HTMLButtonElement>(
      `[data-move="${moving.step < 0 ? 'later' : 'earlier'}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
    setMoving(null);
  }, [moving]);

  const onDrop = (event: DragEvent, target: number) => {
    event.preventDefault();
    if (dragged) move(dragged, target - images.items.findIndex((item) => item.key === dragged));
    setDragged(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <ul ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={labelId}>
        {images.items.map((item, index) => (
          <ImageTile
            key={item.key}
            item={item}
            index={index}
            count={images.items.length}
            removeLabel={item.kind === 'new' && labelNewAsNew ? t('images.removeNew') : t('images.remove')}
            onRemove={() => images.remove(item.key)}
            onRetry={() => images.retry(item.key)}
            onMove={(step) => move(item.key, step)}
            onRecrop={
              item.kind === 'new'
                ? (opener) => {
                    returnTo.current = opener;
                    setPending({ files: [item.source], slot: index, total: 1 });
                  }
                : undefined
            }
            drag={{
              dragging: dragged === item.key,
              onDragStart: () => setDragged(item.key),
              onDragEnd: () => setDragged(null),
              onDrop: (event) => onDrop(event, index),
            }}
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
        {images.items.length > 1 && ` ${t('images.orderHint')}`}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="image-order-status">
        {announcement}
      </p>
      <CropDialog
        file={current}
        position={{ current: pending.total - pending.files.length + 1, total: pending.total }}
        onCloseAutoFocus={restoreFocus}
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
  count: number;
  removeLabel: string;
  onRemove(): void;
  onRetry(): void;
  onMove(step: number): void;
  onRecrop?: (opener: HTMLElement) => void;
  drag: { dragging: boolean; onDragStart(): void; onDragEnd(): void; onDrop(event: DragEvent): void };
};

function ImageTile({
  item,
  index,
  count,
  removeLabel,
  onRemove,
  onRetry,
  onMove,
  onRecrop,
  drag,
}: TileProps) {
  const { t } = useTranslation('listings');
  const position = t('images.position', { n: index + 1 });
  return (
    <li
      className={cn('flex flex-col gap-1.5', drag.dragging && 'opacity-50')}
      data-testid="image-tile"
      data-key={item.key}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        drag.onDragStart();
      }}
      onDragEnd={drag.onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={drag.onDrop}
    >
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
            onClick={(event) => onRecrop(event.currentTarget)}
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
      {count > 1 && (
        <div className="grid grid-cols-2 gap-1">
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-8 px-2"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={t('images.moveEarlier', { n: index + 1 })}
            data-move="earlier"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-8 px-2"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={t('images.moveLater', { n: index + 1 })}
            data-move="later"
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
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
