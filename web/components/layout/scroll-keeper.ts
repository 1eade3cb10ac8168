import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll positions as a phone user expects them (issue 26): a new page opens at its top, Back and
 * Forward return to where the list was. The browser's own restoration is turned off: it ran before
 * the page it returned to had rendered (lazy code, a list from the cache), and a new page kept the
 * old one's position. Positions are kept per history entry (React Router's location key).
 */
const STORAGE_KEY = 'armamarket:scroll';
/** Kept across a reload of the tab (sessionStorage), as the browser's own restoration did. */
const positions = new Map<string, number>(readStored());

function readStored(): Array<[string, number]> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as Array<[string, number]>).slice(-50) : [];
  } catch {
    return [];
  }
}

function store() {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage blocked or full: positions last for this page's life.
  }
}
/** The entry whose page is on screen: scroll events count for it. */
let shownKey = '';
/** A restore is under way: the page is still growing to its old height, its scroll events are not the user's. */
let restoring: (() => void) | null = null;
/** How long a restore waits for the page to be tall enough (a list from the network). */
const RESTORE_WAIT_MS = 10_000;

function record() {
  if (!restoring && shownKey) positions.set(shownKey, window.scrollY);
}

/** Scrolls to `y` as soon as the page is tall enough for it, or gives up after a while. */
function restoreTo(y: number) {
  restoring?.();
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
    restoring = null;
  };
  // As far as the page allows at each frame, following it as it grows, until the place is reached.
  const attempt = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(y, Math.max(room, 0)));
    if (room >= y || performance.now() - started > RESTORE_WAIT_MS) {
      stop();
      record();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  restoring = stop;
  // The user scrolling meanwhile wins.
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
}

export function useScrollKeeper(): void {
  const { key, pathname, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  // Before paint, so the new page is never seen at the old one's position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per history entry; the path is read for that entry
  useLayoutEffect(() => {
    shownKey = key;
    if (type === 'POP') {
      const saved = positions.get(key);
      if (saved !== undefined) restoreTo(saved);
      return;
    }
    restoring?.();
    // A link to a part of a page (#…) is the browser's to scroll to.
    if (!hash && pathname !== lastPath) window.scrollTo(0, 0);
    record();
  }, [key]);

  useEffect(() => {
    lastPath = pathname;
  }, [pathname]);
}

/** The path of the page before this navigation: a new search on the same page keeps its place. */
let lastPath = '';
