/**
 * Notices from code on the home page's first paint (the favorites heart, the share button), which
 * must not pull sonner in. The toaster, loaded right after the first paint (main.tsx), shows them.
 * A notice sent before it has mounted waits for it: on a slow connection a tap can come first.
 */
export type Notice = {
  type: 'success' | 'error';
  title: string;
  description?: string;
  /** A button in the notice, such as "Rename" after a search is saved. */
  action?: { label: string; onClick(): void };
};
type Show = (notice: Notice) => void;

/** Enough for any burst of taps; if the toaster never loads, the oldest go. */
const WAITING_MAX = 10;

let show: Show | null = null;
const waiting: Notice[] = [];

export function notify(notice: Notice): void {
  if (show) {
    show(notice);
    return;
  }
  waiting.push(notice);
  if (waiting.length > WAITING_MAX) waiting.shift();
}

/**
 * The toaster's side: shows the notices that were waiting, in order, then each new one as it is sent.
 * Returns what stops it (notices wait again until the next call).
 */
export function showNotices(next: Show): () => void {
  show = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (show === next) show = null;
  };
}
