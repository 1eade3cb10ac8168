type Fetch<Args extends unknown[]> = (...args: Args) => Response | Promise<Response>;

/**
 * Counts the requests being handled. The server's close() calls back once the sockets are gone, but a
 * handler whose client hung up still runs: a shutdown waits for it before closing the database under it.
 */
export function trackInFlight<Args extends unknown[]>(fetch: Fetch<Args>) {
  let running = 0;
  const waiting = new Set<() => void>();
  return {
    fetch: async (...args: Args): Promise<Response> => {
      running += 1;
      try {
        return await fetch(...args);
      } finally {
        running -= 1;
        if (running === 0) for (const wake of waiting) wake();
      }
    },
    /** Resolves true once no request is being handled, or false after `timeoutMs`. */
    settled: (timeoutMs: number): Promise<boolean> => {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (idle: boolean) => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(idle);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiting.add(wake);
      });
    },
  };
}
