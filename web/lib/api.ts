/** The API's one error shape, thrown by every call that does not answer 2xx. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
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
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    const retryAfter = Number(res.headers.get('retry-after')) || undefined;
    throw new ApiError(
      res.status,
      error?.code ?? 'http_error',
      error?.message ?? res.statusText,
      retryAfter,
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
