import type { TestContext } from './harness';

export type JsonResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** A browser-like API client: keeps its cookies, sends JSON, comes from its own IP address. */
export function createClient(ctx: TestContext, options: { ip?: string } = {}) {
  const ip = options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const cookies = new Map<string, string>();

  const storeCookies = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  async function send<T = unknown>(
    method: string,
    pathname: string,
    json?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...extraHeaders };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await ctx.request(pathname, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: 'manual',
    });
    storeCookies(res);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a redirect or HTML): keep the text.
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  return {
    ip,
    cookies,
    get: <T = unknown>(p: string, headers?: Record<string, string>) => send<T>('GET', p, undefined, headers),
    post: <T = unknown>(p: string, json: unknown = {}, headers?: Record<string, string>) =>
      send<T>('POST', p, json, headers),
    patch: <T = unknown>(p: string, json: unknown, headers?: Record<string, string>) =>
      send<T>('PATCH', p, json, headers),
    put: <T = unknown>(p: string, json: unknown, headers?: Record<string, string>) =>
      send<T>('PUT', p, json, headers),
    delete: <T = unknown>(p: string, headers?: Record<string, string>) =>
      send<T>('DELETE', p, undefined, headers),
    /** Follows a link from a mail the way a browser opening it would (one hop). */
    open: (url: string) => send('GET', new URL(url).pathname + new URL(url).search),
  };
}
export type TestClient = ReturnType<typeof createClient>;
