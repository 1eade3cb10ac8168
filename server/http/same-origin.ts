import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { errorBody } from '../errors';
import type { Logger } from '../logger';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Tells the web app where the site lives, so it can say "open the site at …". */
export const PUBLIC_URL_HEADER = 'X-Public-Url';

/**
 * Refuses state-changing requests that a browser says come from another origin than the app's
 * (config.appOrigins). Browsers always send Origin (or Sec-Fetch-Site) on such requests; clients that
 * send neither are not browsers and carry no ambient cookies to abuse.
 *
 * The usual honest cause is the app opened at another address than PUBLIC_URL (127.0.0.1 for
 * localhost, an IP for a name): the refusal carries PUBLIC_URL for the page to point at, and the
 * first one is logged so that whoever runs the server sees why sign-ins fail.
 */
export function sameOrigin(
  config: Pick<Config, 'appOrigins' | 'publicUrl'>,
  logger: Pick<Logger, 'warn'>,
): MiddlewareHandler {
  const allowed = new Set(config.appOrigins);
  let warned = false;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreign = origin
      ? !allowed.has(origin)
      : site !== undefined && site !== 'same-origin' && site !== 'none';
    if (!foreign) return next();
    if (!warned) {
      warned = true;
      logger.warn(
        { origin: origin ?? null, allowed: [...allowed] },
        `Refused a ${c.req.method} from origin ${origin ?? `(sec-fetch-site: ${site})`}: the site is ${config.publicUrl}. ` +
          'If that is where you opened it, set PUBLIC_URL to the address people use. (Logged once.)',
      );
    }
    c.header(PUBLIC_URL_HEADER, config.publicUrl);
    return c.json(
      errorBody(
        'cross_origin',
        `Requests from other sites are not accepted. Open the site at ${config.publicUrl}`,
      ),
      403,
    );
  };
}
