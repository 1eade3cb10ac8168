// A browser-like client per virtual user (own address, own cookies, the web app's headers) and the
// recorder every request's latency goes to.

export const ACTIONS = [
  'home',
  'browse',
  'search',
  'detail',
  'sign-in',
  'me',
  'unread',
  'message',
  'upload',
  'post-ad',
  'sign-out',
] as const;
export type Action = (typeof ACTIONS)[number];
/** The budget's reads: what every visitor does all the time. */
export const READS: readonly Action[] = ['home', 'browse', 'search', 'detail'];

const FIRST_ERRORS_SHOWN = 8;
/** A request slower than this is abandoned and counted as an error rather than holding its user forever. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long the web app's sign-in form keeps trying again after 503 `busy` (web/lib/busy-retry.ts). */
const BUSY_RETRY_BUDGET_MS = 30_000;

export class Recorder {
  readonly samples = new Map<Action, number[]>(ACTIONS.map((a) => [a, []]));
  readonly errors = new Map<Action, number>(ACTIONS.map((a) => [a, 0]));
  /** Answers the list micro-cache served (its x-cache header), to see how often it helps. */
  readonly cacheHits = new Map<Action, number>(ACTIONS.map((a) => [a, 0]));
  readonly statuses = new Map<string, number>();
  /**
   * Sign-ins the server turned away with 503 `busy` that the user tried again after Retry-After, as
   * the web app's form does (web/lib/busy-retry.ts): not errors unless the last try fails too.
   */
  readonly busyRetries = new Map<Action, number>(ACTIONS.map((a) => [a, 0]));
  readonly firstErrors: Array<{
    action: Action;
    method: string;
    path: string;
    status: number;
    body: string;
  }> = [];
  /** Reads started once every user had arrived: the budget's figures without the ramp-up. */
  readonly steadyReads: number[] = [];
  steadyCached = 0;
  steadyErrors = 0;
  /** performance.now() at which the ramp-up ends; set by the runner. */
  steadyFrom = Number.POSITIVE_INFINITY;
  /** Recent reads, for the progress lines; trimmed on each tick. */
  private window: number[] = [];
  private windowErrors = 0;
  private windowRequests = 0;

  record(action: Action, started: number, ms: number, status: number, cached: boolean) {
    this.samples.get(action)!.push(ms);
    this.windowRequests += 1;
    if (READS.includes(action)) {
      this.window.push(ms);
      if (started >= this.steadyFrom) {
        this.steadyReads.push(ms);
        if (cached) this.steadyCached += 1;
      }
    }
    if (cached) this.cacheHits.set(action, this.cacheHits.get(action)! + 1);
    const key = status === 0 ? 'network' : String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  fail(action: Action, started: number, method: string, path: string, status: number, body: string) {
    this.errors.set(action, this.errors.get(action)! + 1);
    if (READS.includes(action) && started >= this.steadyFrom) this.steadyErrors += 1;
    this.windowErrors += 1;
    if (this.firstErrors.length < FIRST_ERRORS_SHOWN) {
      const entry = { action, method, path, status, body: body.slice(0, 300) };
      this.firstErrors.push(entry);
      console.error(`  error: ${action} ${method} ${path} -> ${status || 'network'} ${entry.body}`);
    }
  }

  /** Requests, errors and reads' p99 since the previous call: one progress line. */
  takeWindow() {
    const times = [...this.window].sort((a, b) => a - b);
    const result = {
      requests: this.windowRequests,
      errors: this.windowErrors,
      readsP99: percentile(times, 0.99),
      /** The reads' times, sorted: the soak's 5-minute windows are made of these. */
      reads: times,
    };
    this.window = [];
    this.windowRequests = 0;
    this.windowErrors = 0;
    return result;
  }
}

/** Nearest-rank percentile of sorted values, to 0.1 ms. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

export type Answer<T> = { ok: boolean; status: number; body: T | null };

type Body = { json: unknown } | { form: FormData } | undefined;

export class VirtualBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    /** The web app's origin: browsers send it on every write, and same-origin.ts checks it. */
    private readonly origin: string,
    /** What the reverse proxy would put in X-Forwarded-For for this person. */
    readonly ip: string,
    private readonly recorder: Recorder,
  ) {}

  get signedIn() {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }

  get<T>(action: Action, path: string) {
    return this.send<T>(action, 'GET', path, undefined);
  }

  post<T>(action: Action, path: string, body: Body) {
    return this.send<T>(action, 'POST', path, body);
  }

  /**
   * A sign-in as the web app's form sends it: turned away with 503 `busy`, it waits Retry-After (with
   * the same jitter) and tries again within the same budget. Its time is the person's whole wait.
   */
  signIn<T>(action: Action, path: string, body: Body) {
    return this.send<T>(action, 'POST', path, body, true);
  }

  private async send<T>(
    action: Action,
    method: string,
    path: string,
    body: Body,
    retryBusy = false,
  ): Promise<Answer<T>> {
    const first = performance.now();
    let waited = 0;
    for (;;) {
      const answer = await this.sendOnce<T>(action, method, path, body, retryBusy ? first : null);
      if (answer.retryAfter === undefined) return answer;
      const delay = answer.retryAfter * 1000 * (0.75 + Math.random() * 0.5);
      if (waited + delay > BUSY_RETRY_BUDGET_MS) {
        // The form gives up and shows the error: one failed sign-in, timed from the first try.
        this.recorder.record(action, first, performance.now() - first, 503, false);
        this.recorder.fail(action, first, method, path, 503, 'busy past the retry budget');
        return answer;
      }
      waited += delay;
      this.recorder.busyRetries.set(action, this.recorder.busyRetries.get(action)! + 1);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /**
   * One try. With `first` (a sign-in), a 503 `busy` is not recorded but handed back with its
   * Retry-After; what is recorded counts from the first try.
   */
  private async sendOnce<T>(
    action: Action,
    method: string,
    path: string,
    body: Body,
    first: number | null,
  ): Promise<Answer<T> & { retryAfter?: number }> {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.ip,
      accept: 'application/json',
      'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8',
      'user-agent': 'bench-load (virtual browser)',
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      headers.origin = this.origin;
      headers['sec-fetch-site'] = 'same-origin';
    }
    let payload: string | FormData | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form; // fetch writes the multipart boundary header itself
    }
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (error) {
      const ms = performance.now() - started;
      this.recorder.record(action, started, ms, 0, false);
      this.recorder.fail(
        action,
        started,
        method,
        path,
        0,
        error instanceof Error ? error.message : String(error),
      );
      return { ok: false, status: 0, body: null };
    }
    if (first !== null && res.status === 503 && text.includes('"busy"'))
      return { ok: false, status: 503, body: null, retryAfter: Number(res.headers.get('retry-after')) || 2 };
    const from = first ?? started;
    const ms = performance.now() - from;
    this.storeCookies(res);
    const cached = res.headers.get('x-cache') !== null;
    this.recorder.record(action, from, ms, res.status, cached);
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) {
      this.recorder.fail(action, started, method, path, res.status, text);
      return { ok, status: res.status, body: null };
    }
    let parsed: T | null = null;
    try {
      parsed = text ? (JSON.parse(text) as T) : null;
    } catch {
      // Not JSON; callers only read JSON answers.
    }
    return { ok, status: res.status, body: parsed };
  }

  private storeCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
