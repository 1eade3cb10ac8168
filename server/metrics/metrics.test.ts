import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../jobs/mail-job';
import { createTestContext, type TestContext } from '../test/harness';
import { metricsOnly } from './metrics-route';

const TOKEN = 'metrics-token-for-the-tests-0123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

const scrape = async () => {
  const res = await ctx.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

/** The value of one sample line, e.g. `mail_deliveries_total{outcome="sent"}`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics (issue 32)', () => {
  it('is not served on the main port without the bearer token', async () => {
    expect((await ctx.request('/metrics')).status).toBe(401);
    const wrong = await ctx.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('is not there at all when no token is configured', async () => {
    const bare = await createTestContext();
    try {
      expect((await bare.request('/metrics')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('reports requests, the queue, the index, the pool, mails, memory and event-loop lag', async () => {
    await ctx.request('/api/health');
    await ctx.request('/api/ads?category=optics');
    const text = await scrape();
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'job_queue_waiting',
      'job_queue_active',
      'job_queue_failed',
      'search_index_ads',
      'search_index_ready',
      'search_index_horizon_age_seconds',
      'search_index_catch_ups_total',
      'search_index_load_failures_total',
      'db_pool_connections',
      'db_pool_waiting',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
    // Requests are labelled by the route pattern, not the raw path.
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/ads",status="200"\} 1$/m);
    expect(text).toMatch(/^job_queue_waiting\{queue="mail"\} \d+$/m);
    expect(sample(text, 'search_index_ready')).toBe(1);
  });

  it('counts mails as they are sent', async () => {
    const before = sample(await scrape(), 'mail_deliveries_total{outcome="sent"}') ?? 0;
    await enqueueMail(ctx.services.queue, ctx.services.db, {
      key: `metrics-test-${Date.now()}`,
      message: { to: 'metrics@example.ro', subject: 'Test', text: 'Test', html: '<p>Test</p>' },
    });
    await ctx.mail.waitFor('metrics@example.ro');
    // The delivery is recorded after SMTP accepted it: give the worker its moment.
    await expect
      .poll(async () => sample(await scrape(), 'mail_deliveries_total{outcome="sent"}'), { timeout: 10_000 })
      .toBe(before + 1);
  });

  it('answers only /metrics on METRICS_PORT, without a token', async () => {
    const handler = metricsOnly(ctx.services.metrics);
    const ok = await handler(new Request('http://127.0.0.1:9464/metrics'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_requests_total');
    expect((await handler(new Request('http://127.0.0.1:9464/api/health'))).status).toBe(404);
  });
});
