import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishPendingAction, rememberAction, takeAction } from './pending-action';
import { signInHref } from './return-to';

const fetchMock = vi.fn();
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pending actions (issue 26)', () => {
  it('runs what the visitor tapped once signed in, once, and only for the sign-in that came from it', async () => {
    rememberAction({ kind: 'favorite', adId: 'ad-1' });
    // A sign-in for another reason (the top bar's link) leaves it alone.
    await finishPendingAction(null);
    await finishPendingAction('save-search');
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await finishPendingAction('favorite');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/me/favorites/ad-1');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT' });
    await finishPendingAction('favorite');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves the search the visitor was on', async () => {
    rememberAction({ kind: 'save-search', query: { q: 'glock', caliber: '9x19' } });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ name: 'Glock · 9x19' }), { status: 201 }));
    await finishPendingAction('save-search');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/me/saved-searches');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({
      query: { q: 'glock', caliber: '9x19' },
    });
  });

  it('forgets an action after half an hour, and a message is taken only for its ad', () => {
    vi.useFakeTimers();
    rememberAction({ kind: 'message', adId: 'ad-1' });
    expect(takeAction('message', 'ad-2')).toBeNull();
    expect(takeAction('message', 'ad-1')).toEqual({ kind: 'message', adId: 'ad-1' });
    expect(takeAction('message', 'ad-1')).toBeNull();
    rememberAction({ kind: 'message', adId: 'ad-1' });
    vi.advanceTimersByTime(31 * 60 * 1000);
    expect(takeAction('message', 'ad-1')).toBeNull();
  });

  it('tells the sign-in page why the visitor comes', () => {
    expect(signInHref('/ad/1', 'login', 'favorite')).toBe('/auth?mode=login&next=%2Fad%2F1&reason=favorite');
    expect(signInHref('/missing-page')).toBe('/auth?mode=login&next=%2Fmissing-page');
    expect(signInHref('/', 'register')).toBe('/auth?mode=register');
  });
});
