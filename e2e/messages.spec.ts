import { registerVerifiedUser } from './support/accounts';
import { adIdByTitle, DEMO_AD_TITLE, DEMO_SELLER, signedInContext } from './support/demo';
import { linkFromMail } from './support/outbox';
import { expect, test } from './support/test';

test('a buyer writes from the ad page, the seller sees the unread counter and replies, the buyer reads the reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyerName = `Cumpărător${Math.random().toString(36).slice(2, 7)}`;
  const question = `Bună ziua, mai este disponibil? (${buyerName})`;
  const { email: buyerEmail } = await registerVerifiedUser(page, { firstName: buyerName });
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);

  // The buyer writes from the ad page; a blank message is silently not sent.
  await page.goto(`/ad/${adId}`);
  await expect(page.getByRole('heading', { name: DEMO_AD_TITLE })).toBeVisible();
  const box = page.getByLabel('Mesajul tău');
  await expect(box).toHaveAttribute('rows', '4');
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/ads/${adId}/messages`)) posted += 1;
  });
  await box.fill('   \n  ');
  await page.getByRole('button', { name: 'Trimite mesajul' }).click();
  await page.waitForTimeout(300);
  expect(posted).toBe(0);
  await box.fill(question);
  // Issue 29: a weapon needing authorisation: the buyer attests first, and the box says so by the box.
  await page.getByRole('button', { name: 'Trimite mesajul' }).click();
  const attestation = page.getByLabel(/Declar că am sau voi obține/);
  await expect(attestation).toBeFocused();
  await expect(page.getByText('Confirmă că ai sau vei obține autorizația de procurare')).toBeVisible();
  expect(posted).toBe(0);
  await attestation.check();
  await page.getByRole('button', { name: 'Trimite mesajul' }).click();
  await expect(page.getByText('Mesajul tău a fost trimis vânzătorului!')).toBeVisible();
  // The box now continues that conversation (issue 14 item 19), empty again.
  await expect(page.getByTestId('already-wrote')).toContainText(question);
  await expect(page.getByLabel('Continuă conversația')).toHaveValue('');
  expect(posted).toBe(1);

  // The seller, in a browser of their own, sees the counter on the avatar without opening the menu.
  const sellerContext = await signedInContext(browser, DEMO_SELLER);
  const seller = await sellerContext.newPage();
  await seller.goto('/');
  await expect(seller.getByTestId('unread-badge')).toBeVisible();
  await expect(
    seller.getByRole('button', { name: /Meniul contului, \d+ (mesaj necitit|mesaje necitite)/ }),
  ).toBeVisible();
  await seller.goto('/dashboard');
  await expect(seller.getByTestId('unreadMessages').locator('dd')).toHaveText(/^[1-9]\d*$/);

  await seller.goto('/dashboard/messages');
  const row = seller.getByTestId('conversation').filter({ hasText: buyerName });
  await expect(row).toContainText(DEMO_AD_TITLE);
  await expect(row).toContainText(question);
  await expect(row.getByTestId('conversation-unread')).toHaveText('1 nou');
  await row.click();
  const received = seller.getByTestId('message').filter({ hasText: question });
  await expect(received).toContainText('Primit');
  await expect(received.locator('time')).toBeVisible();
  // Issue 29: the seller sees the buyer's attestation in the thread.
  await expect(seller.getByTestId('buyer-attested')).toContainText(
    'Cumpărătorul a declarat că are / va obține autorizație de procurare',
  );
  await seller.getByLabel('Răspunsul tău').fill('Da, este disponibil. Vă aștept la armurier.');
  await seller.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(seller.getByText('Răspuns trimis')).toBeVisible();
  await expect(seller.getByTestId('message').last()).toContainText('Trimis');
  await expect(seller.getByTestId('message').last()).toContainText('Da, este disponibil.');
  await sellerContext.close();

  // The buyer gets a mail with a link to the conversation, and a counter of their own.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Meniul contului, 1 mesaj necitit' })).toBeVisible();
  const link = await linkFromMail(buyerEmail, { subject: /Mesaj nou despre/ });
  expect(link).toMatch(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
  await page.goto(link);
  const reply = page.getByTestId('message').filter({ hasText: 'Da, este disponibil.' });
  await expect(reply).toContainText('Primit');
  await expect(page.getByTestId('message').filter({ hasText: question })).toContainText('Trimis');
  // Opening the conversation read it: the counter is gone.
  await expect(page.getByTestId('unread-badge')).toBeHidden();
  await expect(page.getByRole('button', { name: /^\w+ Meniul contului$/ })).toBeVisible();
});

test('the owner sees no contact box on their own ad, and a visitor is told to sign in', async ({
  page,
  browser,
}) => {
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.goto(`/ad/${adId}`);
  await expect(page.getByRole('heading', { name: 'Contactează vânzătorul' })).toBeVisible();
  await expect(page.getByLabel('Mesajul tău')).toHaveCount(0);
  // Issue 26, item 18: the visitor goes to sign in, and the page says why.
  await page.getByRole('button', { name: 'Scrie un mesaj' }).click();
  await expect(page).toHaveURL(/\/auth\?.*reason=message/);
  await expect(page.getByText('Autentifică-te ca să-i scrii vânzătorului', { exact: false })).toBeVisible();

  const ownerContext = await signedInContext(browser, DEMO_SELLER);
  const owner = await ownerContext.newPage();
  await owner.goto(`/ad/${adId}`);
  await expect(owner.getByRole('heading', { name: DEMO_AD_TITLE })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Editează anunțul' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Contactează vânzătorul' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Raportează anunțul' })).toHaveCount(0);
  await ownerContext.close();
});

test('an empty inbox says so', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/dashboard/messages');
  await expect(page.getByText('Nu ai încă mesaje.')).toBeVisible();
});
