/**
 * Runs at most `max` of the given tasks at once; the others wait in arrival order. For work that
 * occupies libuv's small thread pool (password hashes, image encodes), which also serves every
 * request's compression and cookie checks.
 */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
