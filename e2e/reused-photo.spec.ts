import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { ORIGIN, signedInContext } from './support/demo';
import { approveAsModerator, DEMO_MODERATOR } from './support/moderation';
import { clientAddress, expect, test } from './support/test';

/** A photo of its own: coarse random blocks, so that its perceptual hash is like no other test's. */
const photoOfItsOwn = () =>
  sharp(randomBytes(16 * 12 * 3), { raw: { width: 16, height: 12, channels: 3 } })
    .resize(1200, 900, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();

async function upload(page: Page, bytes: Buffer): Promise<string> {
  const res = await page.request.post('/api/uploads', {
    headers: { origin: ORIGIN },
    multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: bytes } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Issue 30: a photo copied from another user's ad (here re-encoded at another quality) is flagged in
 * the moderation queue, with links to both ads.
 */
test('a moderator sees the reused-photo flag on a submitted ad, with a link to the other ad', async ({
  page: original,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const photo = await photoOfItsOwn();
  await registerVerifiedUser(original);
  const firstTitle = `Lunetă Zeiss Conquest ${tag}`;
  const firstId = await postAd(original.request, {
    title: firstTitle,
    imageIds: [await upload(original, photo)],
  });
  await approveAsModerator(browser, firstId);

  const copierContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const copier = await copierContext.newPage();
  await registerVerifiedUser(copier);
  const copy = await sharp(photo).jpeg({ quality: 70 }).toBuffer();
  const copiedTitle = `Lunetă Zeiss copiată ${tag}`;
  await postAd(copier.request, {
    title: copiedTitle,
    imageIds: [await upload(copier, copy)],
  });
  await copierContext.close();

  const moderator = await signedInContext(browser, DEMO_MODERATOR);
  const queue = await moderator.newPage();
  await queue.goto('/admin/queue');
  const row = queue.getByTestId('queue-item').filter({ hasText: copiedTitle });
  const flag = row.getByTestId('queue-reused-photos');
  await expect(flag).toContainText(
    `Fotografie identică sau foarte asemănătoare cu anunțul „${firstTitle}” al altui utilizator`,
  );
  await expect(flag.getByRole('link').filter({ hasText: /./ }).last()).toHaveAttribute(
    'href',
    new RegExp(firstId),
  );
  await moderator.close();
});
