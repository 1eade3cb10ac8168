import type { Services } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localesBackend } from './locales-backend';

afterEach(() => vi.unstubAllGlobals());

/** Reads one namespace through the backend; resolves with what it called back: [error, data or retry]. */
function read(fetchStub: () => Promise<Response>, lng = 'ro', ns = 'common') {
  const fetchMock = vi.fn(fetchStub);
  vi.stubGlobal('fetch', fetchMock);
  localesBackend.init({} as Services, {}, {});
  return new Promise<[unknown, unknown, unknown[]]>((resolve) =>
    localesBackend.read(lng, ns, (error, data) => resolve([error, data, fetchMock.mock.calls[0]!])),
  );
}

describe('locales backend', () => {
  it('fetches /locales/{lng}/{ns}.json with fetch’s defaults, as the server’s preload hint does', async () => {
    const [error, data, call] = await read(() =>
      Promise.resolve(Response.json({ nav: { browse: 'Anunțuri' } })),
    );
    expect(call).toEqual(['/locales/ro/common.json']);
    expect(error).toBeNull();
    expect(data).toEqual({ nav: { browse: 'Anunțuri' } });
  });

  it('asks i18next to retry a network failure and a server error', async () => {
    const [networkError, networkRetry] = await read(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(networkError).toMatch(/failed loading \/locales\/ro\/common\.json/);
    expect(networkRetry).toBe(true);
    const [serverError, serverRetry] = await read(() => Promise.resolve(new Response('', { status: 503 })));
    expect(serverError).toMatch(/status code: 503/);
    expect(serverRetry).toBe(true);
  });

  it('does not retry a missing file or one that is not JSON', async () => {
    const [missing, missingRetry] = await read(
      () => Promise.resolve(new Response('', { status: 404 })),
      'en',
    );
    expect(missing).toMatch(/\/locales\/en\/common\.json; status code: 404/);
    expect(missingRetry).toBe(false);
    const [broken, brokenRetry] = await read(() => Promise.resolve(new Response('<html>')));
    expect(broken).toMatch(/failed parsing/);
    expect(brokenRetry).toBe(false);
  });
});
