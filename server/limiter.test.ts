import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('createLimiter', () => {
  it('never runs more than its maximum at once, and runs everything in arrival order', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limited(async () => {
          started.push(i);
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the slot of a task that failed', async () => {
    const limited = createLimiter(1);
    await expect(limited(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limited(async () => 'next')).toBe('next');
  });

  it('runs everything at once with no maximum (Infinity)', async () => {
    const limited = createLimiter(Number.POSITIVE_INFINITY);
    const started: string[] = [];
    const finishes: Array<() => void> = [];
    const results = ['a', 'b', 'c'].map((name) =>
      limited(
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            finishes.push(() => resolve(name));
          }),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    for (const finish of finishes) finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });
});
