/**
 * At most `limit` pages in the making at once; the others wait their turn, first come, first served.
 *
 * A page is a few milliseconds of the event loop (its API answers, React's render, gzip) with waits on
 * PostgreSQL in between. Left to interleave, 32 pages at once each took 32 times their own time, so a
 * heavy /browse page came last (issue 27: p99 484 ms at 32 connections, three times a light page's).
 * In turn, each waits about as long as the pages ahead of it, whatever its own size. A few at once
 * keep the CPU busy while one waits on the database.
 */
export type PageGate = <T>(work: () => Promise<T>) => Promise<T>;

export function pageGate(limit: number): PageGate {
  if (limit <= 0) return (work) => work();
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (work) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
