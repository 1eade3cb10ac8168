import { type PointerEvent, useCallback, useRef, useState } from 'react';
import { SWIPE_DISTANCE } from './use-swipe';

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
export const ZOOM_STEP = 0.5;
/** What a double tap or double click zooms to from the whole image. */
const DOUBLE_TAP_SCALE = 2.5;
const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 10;

export type Zoom = { scale: number; x: number; y: number };
const WHOLE: Zoom = { scale: 1, x: 0, y: 0 };

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Keeps a zoomed image covering its frame: it may move by at most its overflow on each side. */
function bounded(zoom: Zoom, frame: HTMLElement | null): Zoom {
  if (zoom.scale <= MIN_SCALE) return WHOLE;
  const width = frame?.clientWidth ?? 0;
  const height = frame?.clientHeight ?? 0;
  const maxX = ((zoom.scale - 1) * width) / 2;
  const maxY = ((zoom.scale - 1) * height) / 2;
  return {
    scale: zoom.scale,
    x: Math.min(maxX, Math.max(-maxX, zoom.x)),
    y: Math.min(maxY, Math.max(-maxY, zoom.y)),
  };
}

type Pointer = { x: number; y: number; startX: number; startY: number };

/**
 * The viewer's gestures on its frame: pinch with two fingers, double tap (or double click) to zoom
 * in and out, drag a zoomed image to move it, and swipe an unzoomed one to the next or previous.
 * Buttons and keys call zoomBy and reset.
 */
export function useZoom(onSwipe: (step: 1 | -1) => void) {
  const [zoom, setZoom] = useState<Zoom>(WHOLE);
  const frameRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Pointer>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(0);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;

  const apply = useCallback((next: Zoom) => setZoom(bounded(next, frameRef.current)), []);
  const zoomBy = useCallback(
    (step: number) => {
      const current = zoomRef.current;
      const scale = clampScale(current.scale + step);
      const ratio = scale / current.scale;
      apply({ scale, x: current.x * ratio, y: current.y * ratio });
    },
    [apply],
  );
  const reset = useCallback(() => setZoom(WHOLE), []);

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // The frame's own buttons keep their clicks: capturing their pointer would take them.
    if (event.target instanceof Element && event.target.closest('button')) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { clientX: x, clientY: y } = event;
    pointers.current.set(event.pointerId, { x, y, startX: x, startY: y });
    if (pointers.current.size === 2) pinch.current = { distance: spread(), scale: zoomRef.current.scale };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    const current = zoomRef.current;
    if (pinch.current && pointers.current.size === 2 && pinch.current.distance > 0) {
      const scale = clampScale((pinch.current.scale * spread()) / pinch.current.distance);
      apply({ ...current, scale });
    } else if (pointers.current.size === 1 && current.scale > MIN_SCALE) {
      apply({ ...current, x: current.x + dx, y: current.y + dy });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const pointer = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (!pointer) return;
    if (pinch.current) {
      // A pinch ends when its last finger lifts; that finger is no tap nor swipe.
      if (pointers.current.size === 0) pinch.current = null;
      return;
    }
    const dx = event.clientX - pointer.startX;
    const dy = event.clientY - pointer.startY;
    if (Math.hypot(dx, dy) < TAP_SLOP) {
      const now = Date.now();
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        if (zoomRef.current.scale > MIN_SCALE) reset();
        else apply({ scale: DOUBLE_TAP_SCALE, x: 0, y: 0 });
      } else {
        lastTap.current = now;
      }
      return;
    }
    if (zoomRef.current.scale <= MIN_SCALE && Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) {
      onSwipe(dx < 0 ? 1 : -1);
    }
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return {
    zoom,
    frameRef,
    zoomBy,
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
