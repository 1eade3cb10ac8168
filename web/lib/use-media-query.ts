import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following changes. Without matchMedia (tests in jsdom) it
 * answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useMediaQueryOnClient(query, fallback) ?? fallback;
}

/**
 * The same, but null on the server and while a server-rendered page hydrates (its HTML must not
 * depend on the screen): the caller then draws both cases and lets CSS pick, so nothing moves when
 * the answer arrives.
 */
export function useMediaQueryOnClient(query: string, fallback = true): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => null,
  );
}
