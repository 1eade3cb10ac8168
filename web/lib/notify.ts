/**
 * Notices from code on the home page's first paint (the favorites heart), which must not pull sonner
 * in: the toaster, loaded right after the first paint, listens for this event and shows them.
 */
export const NOTIFY_EVENT = 'app:notify';

export type Notice = { type: 'success' | 'error'; title: string; description?: string };

export function notify(notice: Notice): void {
  window.dispatchEvent(new CustomEvent<Notice>(NOTIFY_EVENT, { detail: notice }));
}
