import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { errorBody } from '../errors';
import { validationMessage } from './validation';

/** Every API router is built here so that invalid input always gets the same 400 answer. */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('validation_error', validationMessage(result.error.issues[0])), 400);
      }
    },
  });
}
