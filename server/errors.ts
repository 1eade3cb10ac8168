import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the API: `{ "error": { "code", "message" } }`. */
export type ErrorBody = { error: { code: string; message: string } };

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = (message = 'Sign-in required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
    'Retry-After': String(retryAfterSeconds),
  });

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
