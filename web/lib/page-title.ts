import { useEffect } from 'react';

export const SITE_NAME = 'ArmaMarket';

type Entry = { title: string; priority: number; order: number };

/**
 * The titles pages ask for, the most specific winning: the layout names every route (priority 0),
 * a page that knows more (an ad's title) asks with priority 1. Effects run children first, so the
 * order of asking cannot decide it.
 */
const entries = new Map<symbol, Entry>();
let counter = 0;

function apply() {
  let best: Entry | null = null;
  for (const entry of entries.values())
    if (
      !best ||
      entry.priority > best.priority ||
      (entry.priority === best.priority && entry.order > best.order)
    )
      best = entry;
  if (best) document.title = best.title;
}

/** "Favorite | ArmaMarket": a page's title with the site's name, unless it already names the site. */
export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/**
 * Sets the tab's title while the calling component is shown (after client-side navigation the
 * server's <title> would otherwise stay). Null or empty: asks for nothing (data still loading).
 */
export function usePageTitle(title: string | null | undefined, priority = 1): void {
  useEffect(() => {
    if (!title) return;
    const id = Symbol(title);
    entries.set(id, { title: fullTitle(title), priority, order: ++counter });
    apply();
    return () => {
      entries.delete(id);
      apply();
    };
  }, [title, priority]);
}
