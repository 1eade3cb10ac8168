import { takePreloaded } from './preload';

/** The API's one error shape, thrown by every call that does not answer 2xx. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    /** Where the site lives, sent with a refusal of a request made from another address. */
    readonly publicUrl?: string,
    /** The whole `error` object, for answers that carry more than code and message (410 of an ad). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type JsonInit = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit };

/** fetch for /api: JSON in and out, cookies included, errors as ApiError. */
export async function api<T>(path: string, init: JsonInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const preloaded = !rest.method || rest.method === 'GET' ? takePreloaded(path) : undefined;
  if (preloaded) return answerOf<T>(preloaded.status, preloaded.body, new Headers(), '');
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  return answerOf<T>(res.status, text ? safeJson(text) : null, res.headers, res.statusText);
}

function answerOf<T>(status: number, data: unknown, headers: Headers, statusText: string): T {
  if (status < 200 || status >= 300) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    const retryAfter = Number(headers.get('retry-after')) || undefined;
    const publicUrl = headers.get('x-public-url') ?? undefined;
    throw new ApiError(
      status,
      error?.code ?? 'http_error',
      error?.message ?? statusText,
      retryAfter,
      publicUrl,
      error && typeof error === 'object' ? (error as Record<string, unknown>) : undefined,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The field a 400 `validation_error` names, as its path ("fees.handover"): the API puts it before
 * its message (server/http/validation.ts), or in `field` where an answer carries one.
 */
export function refusedFieldPath(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'validation_error') return undefined;
  const named = error.details?.field;
  return typeof named === 'string' ? named : /^([\w.]+):/.exec(error.message)?.[1];
}
