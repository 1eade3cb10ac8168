import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleContractInput } from '../../common/schemas/deal-contract';
import type { Deal, Offer } from '../../common/schemas/deals';
import { queryRows } from '../db/client';
import { deals } from '../db/schema/deals';
import { createAd } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * Issue 29: the sale contract PDF. Its text is read back the way a person copying it would get it
 * (poppler's pdftotext): the diacritics, the values from the ad and the deal, and the typed details.
 * Then every text column of the app's tables and of the job queue is searched for what was typed.
 */

const run = promisify(execFile);

let ctx: TestContext;
type Person = { user: TestUser; client: TestClient };
let seller: Person;
let buyer: Person;
let stranger: Person;
let tmp: string;

async function person(): Promise<Person> {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [seller, buyer, stranger] = [await person(), await person(), await person()];
  tmp = mkdtempSync(path.join(os.tmpdir(), 'contract-'));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await ctx.close();
});

/** Unique per run: the search after the download must find these nowhere. */
const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
const DETAILS: SaleContractInput = {
  sellerName: 'Ștefan Țăranu',
  sellerIdentity: `18001011${tag}`,
  sellerAddress: 'Str. Învingătorilor nr. 7, Brașov',
  sellerPermit: `PA-${tag}-11`,
  buyerName: 'Ioana Mâță-Bârsan',
  buyerIdentity: `RX ${tag}`,
  buyerAddress: 'Bd. Unirii nr. 3, București',
  buyerPermit: `AP-${tag}-22`,
  serialNumber: `SN-${tag}-G17`,
};

/** An ad of the seller (a Glock in category B) sold to the buyer, the deal confirmed, dated 5 March 2026. */
async function confirmedDeal(options: { answer?: 'confirm' | 'deny' } = {}) {
  await ctx.database.db.execute(sql`delete from rate_limits`);
  const ad = await createAd(ctx, seller.user, {
    title: 'Pistol Glock 17 Gen 5 cu toc',
    brand: 'Glock',
    model: '17 Gen 5',
    caliber: '9x19',
    action: 'semi-auto',
    legalCategory: 'authorisation',
    price: 13_000,
  });
  const offer = await buyer.client.post<Offer>(`/api/ads/${ad.id}/offers`, {
    attestation: true,
    amount: 12_500,
  });
  expect(offer.status).toBe(201);
  await seller.client.post(`/api/offers/${offer.body.id}/answer`, { answer: 'accept' });
  const deal = await seller.client.post<Deal>(`/api/ads/${ad.id}/deal`, { buyerId: buyer.user.id });
  expect(deal.status).toBe(201);
  const answer = await buyer.client.post(`/api/deals/${deal.body.id}/answer`, {
    answer: options.answer ?? 'confirm',
  });
  expect(answer.status).toBe(200);
  await ctx.database.db
    .update(deals)
    .set({ createdAt: new Date('2026-03-05T10:00:00Z') })
    .where(eq(deals.id, deal.body.id));
  return deal.body;
}

/** The contract as bytes: the JSON client would decode a PDF as text. */
async function download(client: TestClient | null, dealId: string, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (client) {
    headers['x-forwarded-for'] = client.ip;
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const res = await ctx.request(`/api/deals/${dealId}/contract`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** What pdftotext (poppler-utils) reads out of the PDF, as UTF-8. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}

/** pdftotext breaks lines where the PDF wraps them: compare with whitespace made single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('POST /api/deals/{id}/contract', () => {
  it('gives the seller and the buyer the contract as a PDF that reads back with its diacritics and values', async () => {
    const deal = await confirmedDeal();
    for (const side of [seller, buyer]) {
      const res = await download(side.client, deal.id, DETAILS);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="contract-vanzare-${deal.id.slice(0, 8)}.pdf"`,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');

      const text = flat(await pdfText(res.bytes));
      expect(text).toContain('Contract de vânzare-cumpărare armă');
      for (const letter of ['ș', 'ț', 'î', 'â', 'ă', 'Ș', 'Ț', 'Î'])
        expect(text, `the letter ${letter}`).toContain(letter);
      // From the ad and the deal, in Romanian.
      for (const value of [
        'Pistol Glock 17 Gen 5 cu toc',
        'Marca: Glock',
        'Modelul: 17 Gen 5',
        'Calibrul: 9x19',
        'Sistemul de funcționare: Semiautomată',
        'Categoria: Arme de foc',
        'Armă supusă autorizării (categoria B)',
        '12.500 RON',
        'Data vânzării: 05.03.2026',
        'Legii nr. 295/2004',
        'radierea armei din permisul său de armă',
        'autorizația de procurare',
      ])
        expect(text, value).toContain(value);
      // The English translation below it.
      for (const value of [
        'English translation',
        'Firearm sale and purchase contract',
        'Brand: Glock',
        'Action: Semi-automatic',
        'Subject to authorisation (category B)',
        '12,500 RON',
        'Date of the sale: 5 March 2026',
      ])
        expect(text, value).toContain(value);
      expect(text.indexOf('English translation')).toBeGreaterThan(text.indexOf('Dispoziții finale'));
      // What was typed, in both languages.
      for (const value of Object.values(DETAILS)) {
        expect(text, value).toContain(value);
        expect(
          text.indexOf(value, text.indexOf('English translation')),
          `${value} in English`,
        ).toBeGreaterThan(0);
      }
    }
  }, 30_000);

  it('keeps none of what was typed: no column of any table, nor any job, holds it', async () => {
    const deal = await confirmedDeal();
    expect((await download(seller.client, deal.id, DETAILS)).status).toBe(200);
    expect((await download(buyer.client, deal.id, DETAILS)).status).toBe(200);
    const typed = [DETAILS.sellerIdentity, DETAILS.buyerIdentity, DETAILS.sellerPermit, DETAILS.buyerPermit];
    typed.push(DETAILS.serialNumber, DETAILS.sellerAddress, DETAILS.buyerName);
    const { places, columns } = await rowsHolding(typed);
    expect(places).toEqual([]);
    // The scan is real: it reads the job queue's tables too, and finds what the app does keep.
    expect(columns.some((column) => column.startsWith(`${jobsSchema()}.job.`))).toBe(true);
    expect((await rowsHolding(['Pistol Glock 17 Gen 5 cu toc'])).places).toContain('deals.ad_title');
  }, 30_000);

  it('is for the two sides of a deal not denied: 404 to anyone else, 401 to a visitor, 409 once denied', async () => {
    const deal = await confirmedDeal();
    expect((await download(stranger.client, deal.id, DETAILS)).status).toBe(404);
    expect((await download(null, deal.id, DETAILS)).status).toBe(401);
    expect((await download(seller.client, crypto.randomUUID(), DETAILS)).status).toBe(404);
    expect((await download(seller.client, 'not-an-id', DETAILS)).status).toBe(404);
    const denied = await confirmedDeal({ answer: 'deny' });
    for (const side of [seller, buyer])
      expect((await download(side.client, denied.id, DETAILS)).status).toBe(409);
    expect((await download(stranger.client, denied.id, DETAILS)).status).toBe(404);
  }, 30_000);

  it('refuses a missing, empty, too long or multi-line field with a 400 naming it', async () => {
    const deal = await confirmedDeal();
    const message = async (body: unknown) => {
      const res = await seller.client.post<{ error: { code: string; message: string } }>(
        `/api/deals/${deal.id}/contract`,
        body,
      );
      expect(res.status).toBe(400);
      return res.body.error.message;
    };
    const { sellerPermit: _, ...withoutPermit } = DETAILS;
    expect(await message(withoutPermit)).toMatch(/^sellerPermit: /);
    expect(await message({ ...DETAILS, buyerName: '   ' })).toBe('buyerName: Write the full name');
    expect(await message({ ...DETAILS, buyerAddress: 'x'.repeat(201) })).toMatch(/^buyerAddress: /);
    expect(await message({ ...DETAILS, serialNumber: 'SN\n123' })).toMatch(/^serialNumber: /);
    expect(await message({ ...DETAILS, sellerIdentity: 1800101 })).toMatch(/^sellerIdentity: /);
    // Unknown fields are dropped: the contract still comes.
    expect((await download(seller.client, deal.id, { ...DETAILS, role: 'admin.super' })).status).toBe(200);
  }, 30_000);

  it('draws a character the font lacks as "?" and wraps long text onto more pages', async () => {
    const deal = await confirmedDeal();
    const res = await download(buyer.client, deal.id, {
      ...DETAILS,
      buyerAddress: `東京 🔫 ${'Strada Mihail Kogălniceanu nr. 12, '.repeat(5)}`.slice(0, 200),
      serialNumber: 'X'.repeat(60),
    });
    expect(res.status).toBe(200);
    const text = flat(await pdfText(res.bytes));
    expect(text).toContain('?? ? Strada Mihail Kogălniceanu');
    expect(text).toContain('X'.repeat(30));
  }, 30_000);
});

/** The job queue's schema: pg-boss's own in PGlite, the test's `<schema>_jobs` on PostgreSQL. */
const jobsSchema = () =>
  ctx.database.queueTarget.kind === 'pg' ? ctx.database.queueTarget.schema : 'pgboss';

/** Every text, JSON or array column of the app's tables and the queue's holding one of the values. */
async function rowsHolding(values: string[]) {
  const [{ schema } = { schema: 'public' }] = await queryRows<{ schema: string }>(
    ctx.database.db,
    sql`select current_schema() as schema`,
  );
  const columns = await queryRows<{ table_schema: string; table_name: string; column_name: string }>(
    ctx.database.db,
    sql`select c.table_schema, c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in (${schema}, ${jobsSchema()}) and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'bytea')`,
  );
  const places: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    for (const value of values) {
      const [hit] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table_schema)}.${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${value}%`}`,
      );
      if ((hit?.n ?? 0) > 0)
        places.push(`${table_schema === schema ? '' : `${table_schema}.`}${table_name}.${column_name}`);
    }
  }
  return {
    places: [...new Set(places)].sort(),
    columns: columns.map((c) => `${c.table_schema}.${c.table_name}.${c.column_name}`),
  };
}
