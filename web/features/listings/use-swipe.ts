import { type PointerEvent, useRef } from 'react';

/** How far (px) a finger or mouse must travel sideways, more than up or down, to count as a swipe. */
export const SWIPE_DISTANCE = 40;

/**
 * A horizontal swipe: `onSwipe(1)` for a swipe to the left (the next image), `onSwipe(-1)` for one to
 * the right. The element needs `touch-action: pan-y` so that the page still scrolls up and down.
 * `swiped()` tells the click that follows a mouse's swipe to do nothing; the next press forgets it.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const justSwiped = useRef(false);

  const onPointerDown = (event: PointerEvent) => {
    justSwiped.current = false;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    justSwiped.current = true;
    onSwipe(dx < 0 ? 1 : -1);
  };
  const onPointerCancel = () => {
    start.current = null;
  };

  return {
    handlers: { onPointerDown, onPointerUp, onPointerCancel },
    swiped: () => justSwiped.current,
  };
}
