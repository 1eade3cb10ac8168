import { ApiError } from './api';

/**
 * Sign-ins and sign-ups hash a password, which the server does a few at a time: past its queue it
 * answers 503 `busy` with Retry-After (issue 32, item 5). A person would only press the button again,
 * so the call waits as told and tries again by itself, within `budgetMs`, before the form shows the
 * error; the button keeps saying "please wait" meanwhile.
 */
export const BUSY_RETRY_BUDGET_MS = 30_000;

export async function retryWhenBusy<T>(
  call: () => Promise<T>,
  budgetMs: number = BUSY_RETRY_BUDGET_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 503 || err.code !== 'busy') throw err;
      // A little jitter, so that the clients turned away together do not all come back together.
      const delay = (err.retryAfter ?? 2) * 1000 * (0.75 + Math.random() * 0.5);
      if (waited + delay > budgetMs) throw err;
      await sleep(delay);
      waited += delay;
    }
  }
}
