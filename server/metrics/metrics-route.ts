import type { Handler } from 'hono';
import { errorBody } from '../errors';
import { sameSecret } from '../http/same-secret';
import type { AppMetrics } from './metrics';

/**
 * /metrics on the main port: only to `Authorization: Bearer <METRICS_TOKEN>`, and not there at all
 * (404, like any unknown path) when no token is configured. METRICS_PORT serves it without a token.
 */
export function metricsRoute(metrics: AppMetrics, token: string | undefined): Handler {
  return async (c) => {
    if (!token) return c.json(errorBody('not_found', 'Not found'), 404);
    const given = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1] ?? '';
    if (!sameSecret(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(errorBody('unauthorized', 'A metrics token is required'), 401);
    }
    return metricsAnswer(metrics);
  };
}

export async function metricsAnswer(metrics: AppMetrics): Promise<Response> {
  return new Response(await metrics.text(), {
    headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' },
  });
}

/** The METRICS_PORT server: /metrics and nothing else. */
export function metricsOnly(metrics: AppMetrics) {
  return (request: Request): Promise<Response> | Response =>
    new URL(request.url).pathname === '/metrics'
      ? metricsAnswer(metrics)
      : new Response('Not found', { status: 404 });
}
