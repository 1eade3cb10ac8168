import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says come from another site. Browsers always send
 * Origin (or Sec-Fetch-Site) on such requests; clients that send neither are not browsers and carry
 * no ambient cookies to abuse.
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreign = origin
      ? origin !== allowed
      : site !== undefined && site !== 'same-origin' && site !== 'none';
    if (foreign) return c.json(errorBody('cross_origin', 'Requests from other sites are not accepted'), 403);
    return next();
  };
}
