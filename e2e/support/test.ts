import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/** A client address of its own, which the e2e server takes from X-Forwarded-For. */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * Each test comes from its own client address (the e2e server trusts X-Forwarded-For), so the
 * per-IP rate limits stay on without the suite tripping over them.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ context, page }, use) => {
      settleAfterLoads(page);
      const address = clientAddress();
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await use(address);
    },
    { auto: true },
  ],
});

const settles = Symbol('settles after loads');
type Load = (this: Page, ...args: never[]) => Promise<Response | null>;

/**
 * `goto` and `reload` return once the document has loaded; a server-rendered page is visible then but
 * may not have hydrated, and a box filled at that moment loses what was typed (CI saw a search word
 * never reach the URL). Every page of the run (all share one class) then also waits for the app's
 * mark that the page has settled (web/components/layout/root-layout.tsx), as a person would. A page
 * that is not the app's (an API answer, a download) does not wait.
 */
function settleAfterLoads(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<string | symbol, unknown>;
  if (proto[settles]) return;
  proto[settles] = true;
  for (const name of ['goto', 'reload'] as const) {
    const load = proto[name] as Load;
    proto[name] = async function (this: Page, ...args: never[]) {
      const response = await load.apply(this, args);
      if (response && (response.headers()['content-type'] ?? '').startsWith('text/html'))
        await this.waitForFunction(() => document.documentElement.dataset.ready !== undefined, null, {
          timeout: 30_000,
        });
      return response;
    };
  }
}
