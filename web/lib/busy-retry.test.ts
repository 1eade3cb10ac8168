import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { retryWhenBusy } from './busy-retry';

const busy = (retryAfter: number) => new ApiError(503, 'busy', 'Too many sign-ins at once.', retryAfter);

describe('retryWhenBusy', () => {
  it('waits about as long as Retry-After says and tries again until the call goes through', async () => {
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(busy(2))
      .mockRejectedValueOnce(busy(3))
      .mockResolvedValue('ok');
    const sleep = vi.fn(async (_ms: number) => {});
    await expect(retryWhenBusy(call, 30_000, sleep)).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(3);
    const [first, second] = sleep.mock.calls.map(([ms]) => ms);
    expect(first).toBeGreaterThanOrEqual(1500);
    expect(first).toBeLessThanOrEqual(2500);
    expect(second).toBeGreaterThanOrEqual(2250);
    expect(second).toBeLessThanOrEqual(3750);
  });

  it('gives up with the 503 once the wait would pass its budget', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(busy(10));
    const sleep = vi.fn(async (_ms: number) => {});
    await expect(retryWhenBusy(call, 20_000, sleep)).rejects.toMatchObject({ status: 503, code: 'busy' });
    expect(call.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(call.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('passes any other error straight on', async () => {
    const wrong = new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(wrong);
    const sleep = vi.fn(async (_ms: number) => {});
    await expect(retryWhenBusy(call, 30_000, sleep)).rejects.toBe(wrong);
    expect(sleep).not.toHaveBeenCalled();
    const limited = new ApiError(503, 'client_gone', 'The request was abandoned.');
    await expect(retryWhenBusy(() => Promise.reject(limited), 30_000, sleep)).rejects.toBe(limited);
  });
});
