import { registerVerifiedUser } from './support/accounts';
import { adIdByTitle, DEMO_AD_TITLE, DEMO_SELLER, ORIGIN, signedInContext } from './support/demo';
import { expect, test } from './support/test';

// Issue 30: a message asking for an advance is delivered, and its recipient is warned under it.
test('a buyer receives a message asking for an advance and sees the warning; the seller sees the new account', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyerName = `Cumpărător${Math.random().toString(36).slice(2, 7)}`;
  await registerVerifiedUser(page, { firstName: buyerName });
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  const asked = await page.request.post(`/api/ads/${adId}/messages`, {
    headers: { origin: ORIGIN },
    data: { body: `Bună ziua, mai este disponibil? (${buyerName})`, attestation: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { conversationId } = (await asked.json()) as { conversationId: string };

  // The "seller" asks for an advance and gives a phone number to go on elsewhere.
  const sellerContext = await signedInContext(browser, DEMO_SELLER);
  const advance = 'Da. Trimite un avans de 500 lei și ți-l trimit prin curier. Sună-mă la 0723 456 789.';
  const replied = await sellerContext.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { origin: ORIGIN },
    data: { body: advance },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  // The buyer reads the message, whole, with a calm warning under it saying what to do.
  await page.goto(`/dashboard/messages/${conversationId}`);
  const received = page.getByTestId('message').filter({ hasText: 'Trimite un avans de 500 lei' });
  await expect(received).toContainText('Primit');
  const warning = received.getByRole('complementary', { name: 'Atenție la acest mesaj' });
  await expect(warning).toContainText('Ți se cere o plată în avans.');
  await expect(warning).toContainText('Nu plăti avans. Predarea se face la armurier sau în persoană.');
  await expect(warning).toContainText('Conține un număr de telefon.');
  await expect(received.getByTestId('message-sender-note')).toHaveCount(0);
  // The buyer's own first message carries no warning.
  await expect(page.getByTestId('message').first().getByTestId('message-safety')).toHaveCount(0);

  // The seller sees the record note under their own message, the buyer's new account and the tip.
  const seller = await sellerContext.newPage();
  await seller.goto(`/dashboard/messages/${conversationId}`);
  const sent = seller.getByTestId('message').filter({ hasText: 'Trimite un avans de 500 lei' });
  await expect(sent.getByTestId('message-sender-note')).toContainText(
    'Mesajele de pe platformă rămân înregistrate și vă protejează pe amândoi',
  );
  await expect(sent.getByTestId('message-warning')).toHaveCount(0);
  await expect(seller.getByTestId('new-account-badge')).toHaveText('Cont nou');
  await expect(seller.getByTestId('email-verified-mark')).toHaveText('E-mail verificat');
  const first = seller.getByTestId('message').filter({ hasText: buyerName });
  await expect(first.getByTestId('message-new-account-tip')).toContainText('Primul mesaj de la un cont nou');
  await sellerContext.close();
});
