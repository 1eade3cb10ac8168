import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { runMaintenance } from '../jobs/maintenance';
import { adForm } from '../test/ad-factories';
import {
  createScratchDatabase,
  createVerifiedUser,
  type HttpResponse,
  nextIp,
  openServerServices,
  ProcessClient,
  type ProcessUser,
  type ServerProcess,
  send,
  sleep,
  startServer,
} from '../test/server-process';
import { compareUploads, imageRows, listUploads } from '../test/stored-uploads';

/**
 * The server is killed with SIGKILL while clients upload images, post ads and write messages; after a
 * restart on the same database and DATA_DIR, everything a client saw acknowledged must be there, no
 * ad may point at a missing file, and one maintenance pass must leave no stray file behind.
 */

const USERS = 6;
const LANES_PER_USER = 2;
/** How long the clients write before the kill (then at least MIN_IN_FLIGHT requests must be running). */
const RUN_MS = 3_500;
const MIN_IN_FLIGHT = 4;

type Acked = {
  uploads: Array<{ id: string; userId: string }>;
  ads: Array<{ id: string; userId: string; imageIds: string[] }>;
  messages: Array<{ id: string; conversationId: string; body: string }>;
};

describe.runIf(process.env.TEST_DB === 'pg')('a server killed in the middle of writes (SIGKILL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let local: Awaited<ReturnType<typeof openServerServices>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('crash');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crash-test-'));
    local = await openServerServices({ dataDir, databaseUrl: scratch.url });
  });

  afterAll(async () => {
    if (server?.running()) await server.stop('SIGKILL').catch(() => {});
    await local?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, points no ad at a missing image, and collects the orphans', async () => {
    const db = local.services.db;
    const users: ProcessUser[] = [];
    for (let i = 0; i < USERS; i += 1) users.push(await createVerifiedUser(local.services));
    // Every user has a listed ad the others write to.
    const listed = await db
      .insert(ads)
      .values(
        users.map((owner, i) => ({
          userId: owner.id,
          title: `Pistol de test ${i}`,
          description: 'Stare foarte bună, folosit puțin, cu toate actele în regulă.',
          category: 'firearms',
          condition: 'good',
          price: 1000 + i,
          location: 'București',
          county: 'B',
          status: 'approved',
        })),
      )
      .returning({ id: ads.id, userId: ads.userId });
    const photos = await Promise.all(
      ['#a33', '#3a3', '#33a', '#aa3'].map((background) =>
        sharp({ create: { width: 640, height: 480, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );

    server = await startServer({ dataDir, databaseUrl: scratch.url });
    const first = server;
    const clients = await Promise.all(
      users.map(async (who) => {
        const client = new ProcessClient(first, nextIp());
        await client.signIn(who);
        return { who, client };
      }),
    );

    const acked: Acked = { uploads: [], ads: [], messages: [] };
    const refusals: string[] = [];
    let networkErrors = 0;
    let inFlight = 0;
    let killed = false;
    let sequence = 0;
    /** Runs a request; a 2xx is acknowledged, a failure before the kill is a bug, after it expected. */
    const attempt = async (label: string, run: () => Promise<HttpResponse>): Promise<HttpResponse | null> => {
      inFlight += 1;
      try {
        const res = await run();
        if (res.status >= 300 && !killed) refusals.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
        return res.status < 300 ? res : null;
      } catch (err) {
        if (!killed) refusals.push(`${label}: ${String(err)}`);
        networkErrors += 1;
        return null;
      } finally {
        inFlight -= 1;
      }
    };

    const lane = async ({ who, client }: (typeof clients)[number]) => {
      // Acknowledged uploads this lane has not put on an ad yet.
      const mine: string[] = [];
      while (!killed) {
        sequence += 1;
        const n = sequence;
        const roll = n % 4;
        if (roll === 0 || mine.length === 0) {
          const res = await attempt('upload', () => client.upload(photos[n % photos.length]!));
          if (res) {
            const id = (res.json() as { id: string }).id;
            acked.uploads.push({ id, userId: who.id });
            mine.push(id);
          }
        } else if (roll === 1 || roll === 2) {
          // Ads take one or two uploads; the rest stay unattached, to be collected as orphans.
          const imageIds = mine.splice(0, roll);
          const res = await attempt('ad', () =>
            client.request('POST', '/api/ads', adForm({ title: `Carabină de test ${n}`, imageIds })),
          );
          if (res) acked.ads.push({ id: (res.json() as { id: string }).id, userId: who.id, imageIds });
        } else {
          const target = listed.filter((ad) => ad.userId !== who.id)[n % (listed.length - 1)]!;
          const body = `Mai este disponibil? Mesajul ${n}`;
          const res = await attempt('message', () =>
            client.request('POST', `/api/ads/${target.id}/messages`, { attestation: true, body }),
          );
          if (res) {
            const sent = res.json() as { conversationId: string; message: { id: string } };
            acked.messages.push({ id: sent.message.id, conversationId: sent.conversationId, body });
          }
        }
      }
    };

    const lanes = clients.flatMap((c) => Array.from({ length: LANES_PER_USER }, () => lane(c)));
    const startedAt = Date.now();
    await sleep(RUN_MS);
    // Kill only while requests are running, so that some die half done.
    const waitUntil = Date.now() + 2_000;
    while (inFlight < MIN_IN_FLIGHT && Date.now() < waitUntil) await sleep(2);
    const inFlightAtKill = inFlight;
    killed = true;
    server.kill('SIGKILL');
    const runMs = Date.now() - startedAt;
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(lanes);

    expect(refusals, server.output()).toEqual([]);
    expect(inFlightAtKill).toBeGreaterThanOrEqual(MIN_IN_FLIGHT);
    expect(acked.uploads.length).toBeGreaterThan(5);
    expect(acked.ads.length).toBeGreaterThan(2);
    expect(acked.messages.length).toBeGreaterThan(2);

    // Straight after the crash, before anything cleans up: every finished file has a row naming it
    // (the row is written first), so whatever the kill interrupted is within the collector's reach.
    const uploadsDir = path.join(dataDir, 'uploads');
    const afterCrash = await listUploads(uploadsDir);
    const rowsAfterCrash = await imageRows(db);
    const crashState = compareUploads(rowsAfterCrash, afterCrash.files);
    expect(crashState.unnamedFiles).toEqual([]);
    // No ad points at an image with missing files, whatever it was doing when the process died.
    expect(crashState.incompleteRows.filter((row) => row.ad_id !== null)).toEqual([]);

    server = await startServer({ dataDir, databaseUrl: scratch.url, port: first.port });
    const second = server;

    // Every acknowledged upload is there with all its files.
    const rowsById = new Map(rowsAfterCrash.map((row) => [row.id, row]));
    const incomplete = new Set(crashState.incompleteRows.map((row) => row.id));
    for (const upload of acked.uploads) {
      expect(rowsById.has(upload.id), `upload ${upload.id}`).toBe(true);
      expect(incomplete.has(upload.id), `files of upload ${upload.id}`).toBe(false);
    }
    // Every acknowledged ad exists with its images in order.
    const adRows = await queryRows<{ id: string; user_id: string; status: string }>(
      db,
      sql`select id, user_id, status from ads`,
    );
    const adsById = new Map(adRows.map((row) => [row.id, row]));
    for (const ad of acked.ads) {
      expect(adsById.get(ad.id), `ad ${ad.id}`).toMatchObject({ user_id: ad.userId, status: 'pending' });
      const images = rowsAfterCrash
        .filter((row) => row.ad_id === ad.id)
        .sort((a, b) => a.position - b.position)
        .map((row) => row.id);
      expect(images).toEqual(ad.imageIds);
    }
    // Every acknowledged message exists in its conversation.
    const messageRows = await queryRows<{ id: string; conversation_id: string; body: string }>(
      db,
      sql`select id, conversation_id, body from messages`,
    );
    const messagesById = new Map(messageRows.map((row) => [row.id, row]));
    for (const message of acked.messages) {
      expect(messagesById.get(message.id), `message ${message.id}`).toEqual({
        id: message.id,
        conversation_id: message.conversationId,
        body: message.body,
      });
    }

    // The restarted server (same port, so the clients' Origin still matches) shows the owners their
    // ads, with images it can serve: sessions are rows, they outlive the process.
    for (const ad of acked.ads.slice(0, 8)) {
      const owner = clients.find((c) => c.who.id === ad.userId)!.client;
      const detail = await owner.request('GET', `/api/ads/${ad.id}`);
      expect(detail.status, detail.text).toBe(200);
      const shown = detail.json() as { images: Array<{ id: string; large: string }> };
      expect(shown.images.map((image) => image.id)).toEqual(ad.imageIds);
      for (const image of shown.images) {
        const file = await send(second.url, 'GET', image.large);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
      }
    }

    // One maintenance pass (ages zero: everything unclaimed counts as orphaned now) leaves exactly
    // the images that ads hold, each complete, and no temp file.
    await runMaintenance(local.services, { orphanUploadsMs: 0, interruptedWritesMs: 0 });
    const collected = await listUploads(uploadsDir);
    const rowsAfter = await imageRows(db);
    const after = compareUploads(rowsAfter, collected.files);
    expect(collected.temps).toEqual([]);
    expect(after.unnamedFiles).toEqual([]);
    expect(after.incompleteRows).toEqual([]);
    expect(rowsAfter.filter((row) => row.ad_id === null)).toEqual([]);
    expect(rowsAfter.map((row) => row.id).sort()).toEqual(
      rowsAfterCrash
        .filter((row) => row.ad_id !== null)
        .map((row) => row.id)
        .sort(),
    );

    const committedAds = adRows.length - listed.length;
    console.info(
      `crash run: ${runMs} ms, ${inFlightAtKill} requests in flight at SIGKILL, ${networkErrors} failed; ` +
        `acknowledged ${acked.uploads.length} uploads, ${acked.ads.length} ads, ${acked.messages.length} messages ` +
        `(committed: ${rowsAfterCrash.length} image rows, ${committedAds} ads, ${messageRows.length} messages); ` +
        `after the crash: ${afterCrash.temps.length} temp files, ${crashState.incompleteRows.length} rows with ` +
        `missing files, ${rowsAfterCrash.filter((row) => row.ad_id === null).length} unattached rows; ` +
        `collected to ${rowsAfter.length} rows and ${collected.files.length} files`,
    );
    await second.stop('SIGTERM');
  }, 180_000);
});
