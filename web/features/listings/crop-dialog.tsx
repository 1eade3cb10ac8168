import { CROP_ASPECT } from '@common/limits';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { useTranslation } from '@web/lib/use-translation';
import { Loader2, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { cropToFile } from './crop-image';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const ZOOM_STEP = 0.1;
const FINE_ZOOM_STEP = 0.02;

const clampZoom = (value: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));

type Props = {
  /** The file to crop; the dialog is open while it is set. */
  file: File | null;
  /** Which of the files chosen together this one is ("1 din 3"), when there are several. */
  position?: { current: number; total: number };
  /** Where focus goes once the dialog closes (the picker): it has no trigger to go back to. */
  onCloseAutoFocus?: () => void;
  onCancel(): void;
  onCropped(file: File): void;
  onError(): void;
};

/**
 * Crops one image to 4:3. Zoom with the wheel, a pinch, or the zoom slider's arrow keys (Shift for finer steps);
 * move the image by dragging or, with the crop area focused, the arrow keys (Shift for finer steps).
 */
export function CropDialog({ file, position, onCloseAutoFocus, onCancel, onCropped, onError }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const hasArea = area !== null;

  // The crop area exists only once the image has loaded, after the dialog took focus; move focus there
  // then, so that Tab runs crop area, zoom, Crop, Cancel: the order on screen.
  useEffect(() => {
    if (!hasArea) return;
    const active = document.activeElement;
    if (active && active !== document.body && !active.matches('[role="dialog"]')) return;
    stageRef.current?.querySelector<HTMLElement>('[data-testid="cropper"]')?.focus();
  }, [hasArea]);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    setCrop({ x: 0, y: 0 });
    setZoom(MIN_ZOOM);
    setArea(null);
    setBusy(false);
    return () => {
      URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [file]);

  const confirm = async () => {
    if (!file || !src || !area) return;
    setBusy(true);
    try {
      onCropped(await cropToFile(src, area, file.name));
    } catch {
      onError();
    } finally {
      setBusy(false);
    }
  };

  const onZoomKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.shiftKey ? FINE_ZOOM_STEP : ZOOM_STEP;
    const change =
      event.key === 'ArrowUp' || event.key === 'ArrowRight'
        ? step
        : event.key === 'ArrowDown' || event.key === 'ArrowLeft'
          ? -step
          : 0;
    if (!change) return;
    event.preventDefault();
    setZoom((value) => clampZoom(value + change));
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent
        className="max-w-xl"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        onCloseAutoFocus={(event) => {
          if (!onCloseAutoFocus) return;
          event.preventDefault();
          onCloseAutoFocus();
        }}
      >
        <DialogHeader>
          <div className="flex items-baseline justify-between gap-3 pr-2">
            <DialogTitle>{t('images.cropTitle')}</DialogTitle>
            {position && position.total > 1 && (
              <span
                className="shrink-0 text-sm text-muted-foreground tabular-nums"
                data-testid="crop-position"
              >
                {t('images.cropPosition', position)}
              </span>
            )}
          </div>
          <DialogDescription id={`${id}-help`}>
            {t('images.cropHelp')}
            {/* Phones and tablets have no Shift key to hold. */}
            <span className="pointer-coarse:hidden" data-testid="crop-shift-hint">
              {' '}
              {t('images.cropShiftHint')}
            </span>
          </DialogDescription>
        </DialogHeader>
        <div
          ref={stageRef}
          className="relative aspect-[4/3] w-full overflow-hidden rounded-md bg-neutral-900"
        >
          {src && (
            <Cropper
              key={src}
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={CROP_ASPECT}
              onCropChange={setCrop}
              onZoomChange={(value) => setZoom(clampZoom(value))}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{
                role: 'group',
                'aria-label': t('images.cropArea'),
                'aria-describedby': `${id}-help`,
              }}
            />
          )}
        </div>
        <div className="flex items-center gap-3">
          <ZoomOut className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Label htmlFor={`${id}-zoom`} className="sr-only">
            {t('images.zoom')}
          </Label>
          <input
            id={`${id}-zoom`}
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={FINE_ZOOM_STEP}
            value={zoom}
            onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
            onKeyDown={onZoomKeyDown}
            aria-valuetext={`${Math.round(zoom * 100)}%`}
            className="h-2 w-full cursor-pointer accent-primary"
          />
          <ZoomIn className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </div>
        {/* Crop comes first in the markup and on screen (stacked on phones, left on wide screens). */}
        <DialogFooter className="flex-col sm:flex-row">
          <Button type="button" onClick={() => void confirm()} disabled={busy || !area}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {t('images.crop')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            {t('images.cancel')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
