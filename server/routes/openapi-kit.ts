import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { requireViewer } from '../auth/viewer';
import { errorBody } from '../errors';

// The pieces every router's OpenAPI declarations share.

/** The one error shape, for the OpenAPI description of the routes. */
export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const json = <S extends z.ZodType>(schema: S) => ({ content: { 'application/json': { schema } } });
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ body: { ...json(schema), required: true } });

/** Ids stay strings here: a malformed one is simply not found (404), like a missing one. */
export const idParams = z.object({ id: z.string().max(100) });

const described = (description: string) => ({ description, ...json(errorSchema) });
export const errorResponse = described;

export const errorResponses = {
  400: described('Invalid input'),
  401: described('Sign-in required'),
  404: described('Not found, or not yours to see'),
};
export const tooManyResponse = { 429: described('Too many requests; see Retry-After') };
export const payloadResponses = {
  413: described('The file is too large'),
  415: described('Not an image, or a format we do not take'),
  422: described('A damaged image, or one with too many pixels'),
};

/** Refuses a JSON body over `maxSize` bytes before it is read. */
export const jsonBodyLimit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody('payload_too_large', 'The request is too large'), 413),
  });

/** Visitors are told to sign in before their input is even read. */
export const signedInFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireViewer(c);
  await next();
};
