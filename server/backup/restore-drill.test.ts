import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import { DEMO_ACCOUNTS, seedDemoData } from '../seed/demo-seed';
import {
  createScratchDatabase,
  nextIp,
  openServerServices,
  ProcessClient,
  type ServerProcess,
  send,
  startServer,
} from '../test/server-process';
import { createBackup } from './backup';
import { countRows } from './manifest';
import { RestoreError, restoreBackup } from './restore';

/**
 * The restore drill (issue 32): a marketplace with ads, photos, conversations, favorites and saved
 * searches is backed up while writes go on, restored elsewhere, and a server started on the copy
 * must hold the same counts, serve every photo and find the same ads. On the database of the run.
 */
const onPostgres = process.env.TEST_DB === 'pg';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function scratchDatabase(prefix: string): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const scratch = await createScratchDatabase(prefix);
  cleanups.push(() => scratch.drop());
  return scratch.url;
}

async function running(dataDir: string, databaseUrl: string | undefined): Promise<ServerProcess> {
  const server = await startServer({ dataDir, databaseUrl, startTimeoutMs: 120_000 });
  cleanups.push(() => void server.stop('SIGKILL').catch(() => undefined));
  return server;
}

/** Every listed ad's id, through the API's pages (the search the copy must answer alike). */
async function listedIds(server: ServerProcess, query = ''): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await send(server.url, 'GET', `/api/ads?sort=newest${query}${suffix}`);
    expect(res.status).toBe(200);
    const page = res.json() as AdPage;
    ids.push(...page.items.map((ad) => ad.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids.sort();
}

describe(`the restore drill on ${onPostgres ? 'PostgreSQL' : 'the embedded database'} (issue 32)`, () => {
  it('backs up during writes, restores elsewhere, and a server on the copy has everything', async () => {
    // 1. A marketplace: demo users and ads with photos, then a conversation, favorites, a saved search.
    const sourceDir = tmp('drill-source-');
    const sourceUrl = await scratchDatabase('drill_src');
    const seeding = await openServerServices({ dataDir: sourceDir, databaseUrl: sourceUrl });
    await seedDemoData(seeding.services);
    await seeding.close();
    const source = await running(sourceDir, sourceUrl);
    const buyer = new ProcessClient(source, nextIp());
    const demo = DEMO_ACCOUNTS[0];
    await buyer.signIn({ email: demo.email, password: demo.password });
    const allIds = await listedIds(source);
    expect(allIds.length).toBeGreaterThan(20);
    const me = (await buyer.request('GET', '/api/me')).json() as { id: string };
    const others: string[] = [];
    for (const id of allIds) {
      const ad = (await send(source.url, 'GET', `/api/ads/${id}`)).json() as AdDetail;
      if (ad.seller.id !== me.id) others.push(id);
      if (others.length === 6) break;
    }
    const sent = await buyer.request('POST', `/api/ads/${others[0]}/messages`, {
      attestation: true,
      body: 'Mai este disponibil?',
    });
    expect(sent.status).toBe(201);
    const saved = await buyer.request('POST', '/api/me/saved-searches', { query: { category: 'optics' } });
    expect(saved.status).toBe(201);

    // 2. Back up while favorites and messages keep being written.
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const id = others[i % others.length]!;
        const res =
          i % 5 === 4
            ? await buyer.request('POST', `/api/ads/${id}/messages`, {
                attestation: true,
                body: `Întrebare ${i}`,
              })
            : await buyer.request(i % 2 ? 'DELETE' : 'PUT', `/api/me/favorites/${id}`);
        if (res.status < 400) writes += 1;
      }
    })();
    const archive = path.join(tmp('drill-archive-'), 'backup.tar');
    const manifest = await createBackup({ databaseUrl: sourceUrl, dataDir: sourceDir }, archive);
    writing = false;
    await writer;
    expect(writes).toBeGreaterThan(0);
    // Every ad, listed or not (pending, sold, …): at least the listed ones.
    expect(manifest.counts.ads).toBeGreaterThanOrEqual(allIds.length);
    expect(manifest.counts.conversations).toBeGreaterThanOrEqual(1);
    expect(manifest.counts.saved_searches).toBe(1);
    expect(manifest.counts.ad_images).toBeGreaterThan(0);
    const sourceSearch = await listedIds(source, '&q=carabina');
    await source.stop();

    // 3. Restore elsewhere: an empty database and data folder. A second restore over it is refused.
    const targetDir = tmp('drill-target-');
    const targetUrl = await scratchDatabase('drill_dst');
    await restoreBackup(archive, { databaseUrl: targetUrl, dataDir: targetDir });
    await expect(restoreBackup(archive, { databaseUrl: targetUrl, dataDir: targetDir })).rejects.toThrow(
      RestoreError,
    );
    const restored = await openServerServices({ dataDir: targetDir, databaseUrl: targetUrl });
    expect(await countRows(restored.services.db)).toEqual(manifest.counts);
    await restored.close();

    // 4. A server on the copy: the same ads, every photo served, the same search answer.
    const target = await running(targetDir, targetUrl);
    expect(await listedIds(target)).toEqual(allIds);
    let photos = 0;
    for (const id of allIds) {
      const ad = (await send(target.url, 'GET', `/api/ads/${id}`)).json() as AdDetail;
      for (const image of ad.images) {
        for (const url of [image.card, image.large]) {
          const res = await send(target.url, 'GET', url);
          expect(res.status, url).toBe(200);
          photos += 1;
        }
      }
    }
    expect(photos).toBeGreaterThan(0);
    expect(await listedIds(target, '&q=carabina')).toEqual(sourceSearch);
    expect(sourceSearch.length).toBeGreaterThan(0);
    await target.stop();
  }, 600_000);

  it('refuses an archive whose checksums do not match', async () => {
    const dataDir = tmp('drill-tamper-');
    const url = await scratchDatabase('drill_tamper');
    const seeding = await openServerServices({ dataDir, databaseUrl: url });
    await seeding.close();
    const archive = path.join(dataDir, 'backup.tar');
    await createBackup({ databaseUrl: url, dataDir }, archive);
    const unpacked = tmp('drill-unpacked-');
    execFileSync('tar', ['-xf', archive, '-C', unpacked]);
    const dump = onPostgres ? 'database/postgres.dump' : 'database/pglite.tar.gz';
    writeFileSync(path.join(unpacked, dump), 'not the database');
    execFileSync('tar', ['-cf', archive, '-C', unpacked, '.']);
    const target = tmp('drill-tamper-target-');
    const targetUrl = await scratchDatabase('drill_tamper_dst');
    await expect(restoreBackup(archive, { databaseUrl: targetUrl, dataDir: target })).rejects.toThrow(
      /Checksums do not match/,
    );
  }, 300_000);
});
