import { secretFromTotpUri, totp } from '../server/test/totp';
import {
  PASSWORD,
  registerVerifiedUser,
  signInThroughForm,
  signOutThroughMenu,
  tickRegistrationConsents,
  uniqueEmail,
} from './support/accounts';
import { linkFromMail, mailTo } from './support/outbox';
import { clientAddress, expect, test } from './support/test';

test('register, verify through the mailed link, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('reg');
  await page.goto('/');
  await page.getByRole('link', { name: 'Înregistrare' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=register$/);

  // A failing rule is shown under its field.
  await page.getByLabel('Prenume').fill('Ana');
  await page.getByLabel('Nume', { exact: true }).fill('Pop');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Parolă', { exact: true }).fill('scurt');
  await page.getByRole('button', { name: 'Înregistrează-te' }).click();
  await expect(page.getByText('Parola trebuie să aibă cel puțin 8 caractere')).toBeVisible();

  await page.getByLabel('Parolă', { exact: true }).fill(PASSWORD);
  await tickRegistrationConsents(page);
  await page.getByRole('button', { name: 'Înregistrează-te' }).click();
  await expect(page.getByText('Verifică-ți e-mailul pentru a-ți confirma contul.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verifică-ți e-mailul' })).toBeVisible();

  // Signing in before verifying says so and offers a new link.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText(`Adresa ${email} nu este încă confirmată`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retrimite linkul' })).toBeVisible();

  await page.goto(await linkFromMail(email, { subject: /Confirmă/ }));
  await expect(page.getByRole('heading', { name: 'Adresă confirmată' })).toBeVisible();
  // The avatar shows the initials of the name given at registration.
  await expect(page.getByRole('button', { name: 'Meniul contului' })).toContainText('AP');

  await signOutThroughMenu(page);
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('Bine ai revenit!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Adaugă anunț' })).toBeVisible();
});

test('a wrong password gets an error that does not say whether the address exists', async ({ page }) => {
  const { email } = await registerVerifiedUser(page);
  await signOutThroughMenu(page);
  await signInThroughForm(page, email, 'not-the-password');
  await expect(page.getByText('E-mail sau parolă greșită.')).toBeVisible();
  await signInThroughForm(page, uniqueEmail('nobody'), 'not-the-password');
  await expect(page.getByText('E-mail sau parolă greșită.').last()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
});

test('two-factor: enable with a code from the app, then sign in with a fresh code', async ({ page }) => {
  const { email } = await registerVerifiedUser(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Activează' }).click();
  await page.getByLabel('Confirmă cu parola ta').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuă' }).click();
  await expect(page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('Codul din aplicație').fill(totp(secret));
  // Enrolment is bound to the mailbox (issue 26): the code mailed to the account comes too.
  const codeMail = await mailTo(email, { subject: /Codul tău pentru autentificarea în doi pași/ });
  await page.getByLabel('Codul primit pe e-mail').fill(codeMail.text.match(/^(\d{6})$/m)![1]!);
  await page.getByRole('button', { name: 'Confirmă și activează' }).click();
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Le-am salvat' }).click();
  await expect(page.getByText('Activă: la autentificare se cere un cod')).toBeVisible();

  await signOutThroughMenu(page);
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Verificare în doi pași' })).toBeVisible();
  await page.getByLabel('Cod de autentificare').fill('000000');
  await page.getByRole('button', { name: 'Verifică' }).click();
  await expect(page.getByText('Codul nu este valid.')).toBeVisible();
  // A code computed here, independently of the server's library.
  await page
    .getByLabel('Cod de autentificare')
    .fill(totp(secretFromTotpUri(`otpauth://totp/x?secret=${secret}`)));
  await page.getByRole('button', { name: 'Verifică' }).click();
  await expect(page.getByText('Bine ai revenit!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Meniul contului' })).toBeVisible();
});

test('settings lists the account’s sessions and ends another one', async ({ page, playwright }) => {
  const { email } = await registerVerifiedUser(page);
  const origin = new URL(page.url()).origin;
  // The same account signed in on another device.
  const laptop = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: {
      origin,
      'x-forwarded-for': clientAddress(),
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    },
  });
  const signIn = await laptop.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);

  await page.goto('/dashboard/settings');
  const card = page.getByTestId('sessions-card');
  await expect(card.getByRole('heading', { name: 'Sesiuni active' })).toBeVisible();
  const rows = card.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Sesiunea aceasta' })).toHaveCount(1);
  const other = rows.filter({ hasText: 'Firefox · Linux' });
  await expect(other).toContainText('Folosită ultima dată');
  await other.getByRole('button', { name: 'Încheie sesiunea de pe Firefox · Linux' }).click();
  await expect(page.getByText('Sesiunea a fost încheiată.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await laptop.get('/api/me')).status()).toBe(401);
  // This one goes on.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Meniul contului' })).toBeVisible();
  await laptop.dispose();
});

test('profile settings are saved and survive a reload', async ({ page }) => {
  await registerVerifiedUser(page, { firstName: 'Gheorghe' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Panou de control' })).toBeVisible();
  await page.getByRole('link', { name: 'Setări' }).click();
  await expect(page.getByRole('heading', { name: 'Setări profil' })).toBeVisible();
  await expect(page.getByLabel('Prenume')).toHaveValue('Gheorghe');

  await page.getByLabel('Prenume').fill('');
  await page.getByRole('button', { name: 'Salvează modificările' }).click();
  await expect(page.getByText('Prenumele este obligatoriu')).toBeVisible();

  await page.getByLabel('Prenume').fill('Gigel');
  await page.getByLabel('Telefon').fill('+40 722 000 111');
  await page.getByLabel('Adresă').fill('Str. Florilor 3, Cluj-Napoca');
  await page.getByRole('button', { name: 'Salvează modificările' }).click();
  await expect(page.getByText('Profil actualizat cu succes')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Prenume')).toHaveValue('Gigel');
  await expect(page.getByLabel('Telefon')).toHaveValue('+40 722 000 111');
});

test('the dashboard sends visitors to sign in', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fdashboard%2Fsettings$/);
  await expect(page.getByRole('heading', { name: 'Autentificare' })).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const { email } = await registerVerifiedUser(page);
  await signOutThroughMenu(page);
  await page.goto('/auth?mode=login');
  await page.getByRole('link', { name: 'Ai uitat parola?' }).click();
  // The route loads lazily: the sign-in form stays on screen until it arrives.
  await expect(page.getByRole('heading', { name: 'Ai uitat parola?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Trimite linkul' }).click();
  await expect(page.getByText(`Dacă există un cont pentru ${email}`)).toBeVisible();
  await page.goto(await linkFromMail(email, { subject: /Resetează/ }));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel('Parola nouă', { exact: true }).fill('parola-noua-456');
  await page.getByLabel('Confirmă parola nouă').fill('parola-noua-456');
  await page.getByRole('button', { name: 'Salvează parola nouă' }).click();
  await expect(page.getByText('Parola a fost schimbată.')).toBeVisible();
  await signInThroughForm(page, email, 'parola-noua-456');
  await expect(page.getByText('Bine ai revenit!')).toBeVisible();
});
