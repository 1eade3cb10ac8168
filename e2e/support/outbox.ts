import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type CapturedMail, parseMail } from '../../server/test/mail-capture';
import { E2E_DATA_DIR } from './paths';

// The e2e server runs without SMTP_URL, so every mail lands in DATA_DIR/outbox as an .eml file.
const outbox = path.join(E2E_DATA_DIR, 'outbox');

function mailsTo(email: string): CapturedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => ({ ...parseMail(readFileSync(path.join(outbox, file), 'utf8')), to: [] as string[] }))
    .filter((mail) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail.raw));
}

/** Waits for the n-th mail to an address and returns the first link in it. */
export async function linkFromMail(
  email: string,
  options: { subject?: RegExp; nth?: number; timeout?: number } = {},
): Promise<string> {
  let link = '';
  await expect(async () => {
    const mails = mailsTo(email).filter((mail) => !options.subject || options.subject.test(mail.subject));
    const mail = mails[options.nth ?? mails.length - 1];
    const found = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(found, `a mail to ${email}`).toBeTruthy();
    link = found!;
  }).toPass({ timeout: options.timeout ?? 10_000 });
  return link;
}

/** Waits for a mail to an address whose subject matches, and returns it (the last such). */
export async function mailTo(
  email: string,
  options: { subject?: RegExp; timeout?: number } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect(async () => {
    const mails = mailsTo(email).filter((mail) => !options.subject || options.subject.test(mail.subject));
    found = mails.at(-1);
    expect(found, `a mail to ${email}`).toBeTruthy();
  }).toPass({ timeout: options.timeout ?? 10_000 });
  return found!;
}

/** How many mails to an address (with a matching subject) are in the outbox now. */
export function countMailsTo(email: string, subject?: RegExp): number {
  return mailsTo(email).filter((mail) => !subject || subject.test(mail.subject)).length;
}
