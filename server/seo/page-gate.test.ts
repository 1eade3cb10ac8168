import { describe, expect, it } from 'vitest';
import { pageGate } from './page-gate';

/** A piece of work that ends when told, recording when it started. */
function deferred(started: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const work = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('pageGate', () => {
  it('runs at most its limit at once, and the others in the order they came', async () => {
    const gate = pageGate(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => deferred(started, name));
    const results = jobs.map((job) => gate(job.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    jobs[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a page that failed', async () => {
    const gate = pageGate(1);
    const started: string[] = [];
    const first = deferred(started, 'first');
    const second = deferred(started, 'second');
    const failing = gate(first.work);
    const next = gate(second.work);
    await settle();
    first.fail(new Error('render failed'));
    await expect(failing).rejects.toThrow('render failed');
    await settle();
    expect(started).toEqual(['first', 'second']);
    second.finish();
    expect(await next).toBe('second');
  });

  it('lets everything through at 0', async () => {
    const gate = pageGate(0);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => deferred(started, name));
    for (const job of jobs) void gate(job.work);
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
  });
});
