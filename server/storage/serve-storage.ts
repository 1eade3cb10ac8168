import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../errors';
import { isValidStorageKey, type Storage } from './storage';

export type ServeStorageOptions = {
  /** The path the handler is mounted under; the rest of the path is the key. */
  prefix?: string;
};

/** Keys carry a fresh random part per upload, so a file under a key never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored files, e.g. `app.get('/media/*', serveStorage(storage))`. A bad key answers 404
 * like a missing file, so probing paths tells nothing.
 */
export function serveStorage(storage: Storage, options: ServeStorageOptions = {}): MiddlewareHandler {
  const prefix = `${(options.prefix ?? '/media').replace(/\/+$/, '')}/`;
  return async (c) => {
    const key = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : '';
    const file = isValidStorageKey(key) ? await storage.get(key) : null;
    if (!file) return c.json(errorBody('not_found', 'No such file'), 404);

    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(file.data.length));
    c.header('Cache-Control', IMMUTABLE);
    c.header('X-Content-Type-Options', 'nosniff');
    // Anything that is not an image is only ever offered as a download, never rendered by the site.
    if (!file.contentType.startsWith('image/')) c.header('Content-Disposition', 'attachment');
    return c.body(new Uint8Array(file.data));
  };
}
