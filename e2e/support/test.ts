import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Each test comes from its own client address (the e2e server trusts X-Forwarded-For), so the
 * per-IP rate limits stay on without the suite tripping over them.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ context }, use) => {
      const address = `10.${rand()}.${rand()}.${rand()}`;
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await use(address);
    },
    { auto: true },
  ],
});

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}
