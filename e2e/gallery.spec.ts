import type { APIRequestContext, CDPSession, Locator } from '@playwright/test';
import sharp from 'sharp';
import { registerVerifiedUser } from './support/accounts';
import { DEMO_SELLER, signedInContext } from './support/demo';
import { expect, test } from './support/test';

/** An approved demo ad with at least three photos; its id and title. */
async function adWithPhotos(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const page = (await (await request.get('/api/ads?limit=24')).json()) as { items: Array<{ id: string }> };
  for (const { id } of page.items) {
    const ad = (await (await request.get(`/api/ads/${id}`)).json()) as { title: string; images: unknown[] };
    if (ad.images.length >= 3) return { id, title: ad.title };
  }
  throw new Error('no demo ad with three photos');
}

/**
 * A real finger's swipe (Chromium's touch input, which makes the pointer events a phone makes). One
 * session serves the whole test: detaching one right after a gesture left Chromium's next tap without its click.
 */
async function touchSwipe(cdp: CDPSession, target: Locator, fromX: number, toX: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const y = box.y + box.height / 2;
  const at = (x: number) => [{ x: box.x + x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(fromX) });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(fromX + ((toX - fromX) * step) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers spreading apart from the middle of `target`. */
async function pinchOut(cdp: CDPSession, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to pinch');
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 1 },
    { x: cx + spread, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const spread of [45, 60, 75, 90]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('the gallery swipes on a phone and opens a full-screen viewer that zooms and gives focus back', async ({
  page,
  isMobile,
}) => {
  const ad = await adWithPhotos(page.request);
  await page.goto(`/ad/${ad.id}`);
  const counter = page.getByTestId('gallery-counter');
  await expect(counter).toHaveText(/^1 \/ \d$/);
  const stage = page.getByTestId('gallery-stage');
  const cdp = await page.context().newCDPSession(page);

  if (isMobile) {
    await touchSwipe(cdp, stage, 300, 60);
    await expect(counter).toHaveText(/^2 \//);
    await touchSwipe(cdp, stage, 60, 300);
    await expect(counter).toHaveText(/^1 \//);
    // The full-screen button opens the viewer. (A tap on the photo right after swipes did not open it
    // in this suite's Chromium, though it did by hand: left open in the closing note of stop 26.)
    await page.getByRole('button', { name: /^Deschide imaginea 1 din \d pe tot ecranul$/ }).click();
  } else {
    await page.getByRole('button', { name: 'Imaginea următoare' }).click();
    await expect(counter).toHaveText(/^2 \//);
    await page.getByRole('button', { name: /^Deschide imaginea 2 din \d pe tot ecranul$/ }).click();
  }

  const viewer = page.getByRole('dialog', { name: ad.title });
  await expect(viewer).toBeVisible();
  const box = await viewer.boundingBox();
  const viewport = page.viewportSize();
  expect(box?.width).toBe(viewport?.width);
  expect(box?.height).toBe(viewport?.height);
  const viewerCounter = page.getByTestId('viewer-counter');
  const frame = page.getByTestId('viewer-frame');
  const shown = isMobile ? 1 : 2;
  await expect(viewerCounter).toContainText(`${shown} / `);

  await page.keyboard.press('ArrowRight');
  await expect(viewerCounter).toContainText(`${shown + 1} / `);
  await page.keyboard.press('ArrowLeft');
  await expect(viewerCounter).toContainText(`${shown} / `);

  await viewer.getByRole('button', { name: 'Mărește' }).click();
  await expect(frame).toHaveAttribute('data-scale', '1.5');
  await viewer.getByRole('button', { name: 'Micșorează' }).click();
  await expect(frame).toHaveAttribute('data-scale', '1');
  if (isMobile) {
    await pinchOut(cdp, frame);
    await expect.poll(async () => Number(await frame.getAttribute('data-scale'))).toBeGreaterThan(2);
    // Zooming out goes by steps, down to the whole photo (a phone has the button, not the '-' key).
    for (let i = 0; i < 10 && Number(await frame.getAttribute('data-scale')) > 1; i++)
      await viewer.getByRole('button', { name: 'Micșorează' }).click();
    await expect(frame).toHaveAttribute('data-scale', '1');
    await touchSwipe(cdp, frame, 300, 60);
    await expect(viewerCounter).toContainText(`${shown + 1} / `);
  } else {
    await frame.dblclick({ position: { x: 40, y: 40 } });
    await expect(frame).toHaveAttribute('data-scale', '2.5');
    await frame.dblclick({ position: { x: 40, y: 40 } });
    await expect(frame).toHaveAttribute('data-scale', '1');
  }

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByTestId('gallery-open')).toBeFocused();
  await expect(counter).toHaveText(new RegExp(`^${isMobile ? shown + 1 : shown} /`));
});

/** Photos of plain colours, so the ad page can tell which one is first. */
async function colouredPhotos(dir: (name: string) => string, count: number) {
  const colours = ['#c0392b', '#2255cc', '#27ae60', '#8e44ad', '#d35400', '#16a085'];
  return Promise.all(
    colours.slice(0, count).map(async (colour, i) => {
      const path = dir(`foto-${i + 1}.jpg`);
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .jpeg()
        .toFile(path);
      return path;
    }),
  );
}

test('the photo picker keeps 5 of 6 photos, says "1 din 5", gives focus back on Escape, and saves the chosen order', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(240_000);
  await registerVerifiedUser(page);
  await page.goto('/post-ad');

  const title = page.getByLabel('Titlu');
  await title.fill('Lunetă Leupold VX-3HD');
  await expect(page.getByTestId('title-counter')).toContainText('21/100');

  const input = page.getByTestId('image-input');
  await input.setInputFiles(await colouredPhotos((name) => testInfo.outputPath(name), 6));
  await expect(page.getByText('Am păstrat primele 5 imagini')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Decupează imaginea' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('crop-position')).toHaveText('1 din 5');
  // Phones have no Shift key: the hint is for keyboards.
  await expect(dialog.getByTestId('crop-shift-hint')).toBeVisible({ visible: !isMobile });
  for (const next of ['2 din 5', '3 din 5']) {
    await dialog.getByRole('button', { name: 'Decupează', exact: true }).click();
    await expect(dialog.getByTestId('crop-position')).toHaveText(next);
  }
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(input).toBeFocused();
  await expect(page.getByTestId('image-tile')).toHaveCount(2);
  await expect(page.getByText('Selectate acum: 2/5')).toBeVisible();

  // The second photo (blue) becomes the main one, with the keyboard.
  await expect(page.getByTestId('image-tile').first()).toContainText('Principală');
  await page.getByRole('button', { name: 'Mută imaginea 2 mai în față' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Mută imaginea 1 mai în spate' })).toBeFocused();
  await expect(page.getByTestId('image-order-status')).toHaveText('Imaginea este acum cea principală.');

  await page.getByLabel('Descriere').fill('Lunetă în stare foarte bună, cu capace și cutia originală.');
  await page.getByLabel('Categorie').selectOption({ label: 'Optică' });
  await page.getByLabel('Stare').selectOption({ label: 'Ca nou' });
  await page.getByLabel('Preț (RON)').fill('3200');
  await page.getByLabel('Județ').selectOption({ label: 'Cluj' });
  await page.getByLabel('Localitate').fill('Cluj-Napoca');
  await page.getByRole('button', { name: 'Trimite spre verificare' }).click();
  await expect(page.getByText('Anunțul a fost trimis spre verificare!')).toBeVisible();

  // The server kept the order: the owner's ad page shows the blue photo first.
  const mine = (await (await page.request.get('/api/me/ads')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  const id = mine.items.find((item) => item.title === 'Lunetă Leupold VX-3HD')?.id;
  const detail = (await (await page.request.get(`/api/ads/${id}`)).json()) as {
    images: Array<{ largeJpeg: string }>;
  };
  expect(detail.images).toHaveLength(2);
  const colours = await Promise.all(
    detail.images.map(async (image) => {
      const body = await (await page.request.get(image.largeJpeg)).body();
      const { channels } = await sharp(body).stats();
      return (channels[2]?.mean ?? 0) > (channels[0]?.mean ?? 0) ? 'blue' : 'red';
    }),
  );
  expect(colours).toEqual(['blue', 'red']);
});

test('a sold ad past its 30 days still names itself: title, first photo, "Vândut"', async ({
  page,
  browser,
}) => {
  const items: Array<{ id: string; title: string }> = [];
  for (const seller of [DEMO_SELLER, { email: 'vanzator@armamarket.ro', password: 'vanzator-parola-2026' }]) {
    const owner = await signedInContext(browser, seller);
    items.push(...((await (await owner.request.get('/api/me/ads')).json()) as { items: typeof items }).items);
    await owner.close();
  }
  const sold = items.find((item) =>
    item.title.startsWith('Revolver Smith & Wesson 686 .357 Magnum, vândut demult'),
  );
  expect(sold).toBeTruthy();

  await page.goto(`/ad/${sold?.id}`);
  await expect(page.getByRole('heading', { name: 'Acest anunț a fost vândut' })).toBeVisible();
  const named = page.getByTestId('gone-ad');
  await expect(named).toContainText(sold?.title ?? '');
  await expect(named).toContainText('Vândut');
  const photo = named.getByRole('img', { name: sold?.title });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
