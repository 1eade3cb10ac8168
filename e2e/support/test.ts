import { test as base } from '@playwright/test';

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
    async ({ context }, use) => {
      const address = clientAddress();
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await use(address);
    },
    { auto: true },
  ],
});
