import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { getViewer } from '../auth/viewer';
import { type Action, authorize } from '../policies/policies';
import { errorResponse, errorResponses, idParams, json, jsonBody, jsonBodyLimit } from './openapi-kit';

// Pieces shared by the admin routers (admin-*.ts).

/**
 * Decides before the input is read: a visitor is told to sign in (401), anyone else without the
 * right is told the route's resources do not exist (404), whatever they sent.
 */
export const allowOnly =
  (
    action: Extract<Action, 'admin.panel' | 'audit.read' | 'dealers.review' | 'scam.suspects'>,
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    authorize(await getViewer(c), action);
    await next();
  };

/** A reason is a few hundred characters; anything far bigger is refused before it is read. */
export const smallJson = jsonBodyLimit(8 * 1024);
export { idParams, json, jsonBody };

const described = errorResponse;
export const adminErrors = {
  ...errorResponses,
  403: described('Visible, but not yours to change (your own account, or a super as a moderator)'),
  409: described('The target is no longer in a state that allows this; reload'),
};

/** The caller, known to be allowed `action` (the route's allowOnly middleware has already refused others). */
export async function allowedViewer(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  action: Extract<Action, 'admin.panel' | 'audit.read' | 'dealers.review' | 'scam.suspects'>,
) {
  const viewer = await getViewer(c);
  authorize(viewer, action);
  return viewer;
}
