import type { Context, MiddlewareHandler } from 'hono';

type Stored = { status: number; body: string; contentType: string; storedAt: number; generation: number };

/**
 * A few seconds of memory for public list responses. Many visitors ask for the same pages (home,
 * a category, a popular search); answering them from memory keeps the database for the rest.
 * Identical requests that arrive together share one computation. Any successful write through the
 * API starts a new generation, so this process never serves a list older than its own last write;
 * other processes see it within the TTL. A TTL of 0 turns both the memory and the sharing off.
 */
export function createMicroCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** Writes that cannot change a cached list (signing in, a message): they keep the generation. */
  keepsLists?: (path: string) => boolean;
}) {
  let generation = 0;
  const stored = new Map<string, Stored>();
  const pending = new Map<string, Promise<Stored | null>>();

  const fresh = (entry: Stored | undefined) =>
    entry && entry.generation === generation && Date.now() - entry.storedAt < options.ttlMs
      ? entry
      : undefined;

  const respond = (entry: Stored, state: 'hit' | 'shared') =>
    new Response(entry.body, {
      status: entry.status,
      headers: { 'content-type': entry.contentType, 'x-cache': state, 'cache-control': 'no-cache' },
    });

  const remember = (key: string, entry: Stored) => {
    stored.delete(key);
    stored.set(key, entry);
    if (stored.size > options.maxEntries) stored.delete(stored.keys().next().value as string);
  };

  const keyOf = (c: Context) => {
    const url = new URL(c.req.url);
    url.searchParams.sort();
    return `${url.pathname}?${url.searchParams}`;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    // A TTL of 0 turns off sharing too, so that every request is computed (benchmarks measure that).
    if (c.req.method !== 'GET' || options.ttlMs <= 0) return next();
    const key = keyOf(c);
    const hit = fresh(stored.get(key));
    if (hit) return respond(hit, 'hit');
    const inFlight = pending.get(key);
    if (inFlight) {
      const shared = await inFlight;
      if (shared) return respond(shared, 'shared');
    }
    let settle: (entry: Stored | null) => void = () => {};
    pending.set(key, new Promise((resolve) => (settle = resolve)));
    const startedIn = generation;
    try {
      await next();
      const entry =
        c.res.status === 200
          ? {
              status: 200,
              body: await c.res.clone().text(),
              contentType: c.res.headers.get('content-type') ?? 'application/json',
              storedAt: Date.now(),
              generation: startedIn,
            }
          : null;
      if (entry) remember(key, entry);
      settle(entry);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(key);
    }
  };

  /** Starts a new generation after a successful write, so lists reflect it at once. */
  const invalidateOnWrite: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
    if (options.keepsLists?.(c.req.path)) return;
    generation += 1;
  };

  return { middleware, invalidateOnWrite, invalidate: () => (generation += 1) };
}
export type MicroCache = ReturnType<typeof createMicroCache>;
