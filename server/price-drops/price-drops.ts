import { sql } from 'drizzle-orm';
import { PRICE_DROP_ALERT_RATIO } from '../../common/limits';
import { firstImages } from '../ads/queries';
import { alertIntervalMs, throttledAlertJob } from '../alerts/matching';
import { signUnsubscribeToken, unsubscribeApiPath, unsubscribePagePath } from '../alerts/unsubscribe-token';
import type { Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { enqueueMail } from '../jobs/mail-job';
import { type JobQueue, QUEUES } from '../jobs/queue';
import { mailLanguage } from '../mail/templates';
import { type DroppedAd, priceDropMail } from './price-drop-mail';

type Deps = Pick<Services, 'db' | 'queue' | 'config' | 'storage'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A mail lists at most this many ads; the favorites page shows them all. */
const PRICE_DROP_ADS_MAX = 30;

/** Whether a new price is low enough below the old one to tell those who keep the ad (issue 28: 5%). */
export const isAlertingDrop = (oldPrice: number, newPrice: number) =>
  newPrice <= oldPrice * (1 - PRICE_DROP_ALERT_RATIO);

/**
 * Records a change of a public ad's price, in the caller's transaction: a line of its price history,
 * and, for a drop of 5% or more, the fan-out job that tells everyone who keeps it in favorites. The
 * job commits with the price, so a drop is never lost and never told before it is public.
 */
export async function recordPriceChange(
  queue: JobQueue,
  tx: Tx,
  change: { adId: string; oldPrice: number; newPrice: number },
): Promise<void> {
  if (change.oldPrice === change.newPrice) return;
  await tx.execute(
    sql`insert into ad_price_changes (ad_id, old_price, new_price)
        values (${change.adId}, ${change.oldPrice}, ${change.newPrice})`,
  );
  if (isAlertingDrop(change.oldPrice, change.newPrice))
    await queue.send(tx, QUEUES.priceDropFanout, { adId: change.adId, fromPrice: change.oldPrice });
}

/**
 * Tells everyone who keeps the ad in favorites about its drop (not its owner, nor anyone deactivated
 * or who turned the alerts off): one statement records a notice per person (a notice still waiting
 * keeps the price they last saw), then each person's mail job is queued for when they may next get
 * one. Nothing is owed if the ad is no longer listed, or its price went back up since.
 */
export async function fanOutPriceDrop(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  drop: { adId: string; fromPrice: number },
): Promise<{ people: number }> {
  return deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ userId: string; alertedAt: string | null }>(
      tx as unknown as Database,
      sql`with told as (
            insert into price_drop_notices (user_id, ad_id, from_price, to_price)
            select f.user_id, a.id, ${drop.fromPrice}, a.price
            from ads a join favorites f on f.ad_id = a.id join profiles p on p.id = f.user_id
            where a.id = ${drop.adId} and a.status = 'approved' and a.owner_active
              and a.price < ${drop.fromPrice} and f.user_id <> a.user_id
              and p.is_active and p.price_drop_alerts
            on conflict (user_id, ad_id) do update set
              to_price = excluded.to_price,
              dropped_at = now(),
              from_price = case when price_drop_notices.notified_at is null
                then price_drop_notices.from_price else excluded.from_price end,
              notified_at = null
            returning user_id
          )
          select t.user_id as "userId", p.price_drop_alerted_at as "alertedAt"
          from told t join profiles p on p.id = t.user_id`,
    );
    await deps.queue.insert(
      tx,
      QUEUES.priceDropAlert,
      rows.map((row) => alertJob(deps, row.userId, row.alertedAt ? new Date(row.alertedAt) : null)),
    );
    return { people: rows.length };
  });
}

/** A person's price-drop mail job, due when they may next get one (a job already waiting takes it). */
const alertJob = (deps: Pick<Deps, 'config'>, userId: string, alertedAt: Date | null) =>
  throttledAlertJob(deps, { userId }, userId, alertedAt);

export type PriceDropOutcome = 'sent' | 'nothing new' | 'deferred' | 'skipped';

type Recipient = { email: string; firstName: string; locale: string; isActive: boolean; on: boolean };
type DroppedRow = { id: string; title: string; price: number; county: string | null; fromPrice: number };

/**
 * One person's price-drop mail: in one transaction their waiting notices are settled and one mail
 * naming every favorite still cheaper than they last saw it is queued (keyed, so a rerun mails once).
 * Within the alert interval of their last one, the job puts itself off until then.
 */
export async function sendPriceDropAlert(deps: Deps, userId: string): Promise<PriceDropOutcome> {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [person] = await queryRows<Recipient & { alertedAt: string | null }>(
      db,
      sql`select u.email, p.first_name as "firstName", p.locale, p.is_active as "isActive",
            p.price_drop_alerts as "on", p.price_drop_alerted_at as "alertedAt"
          from profiles p join "user" u on u.id = p.id where p.id = ${userId} for update of p`,
    );
    if (!person?.isActive || !person.on) return 'skipped';
    const alertedAt = person.alertedAt ? new Date(person.alertedAt) : null;
    if (alertedAt && alertedAt.getTime() + alertIntervalMs(deps.config) > Date.now()) {
      await deps.queue.insert(tx, QUEUES.priceDropAlert, [alertJob(deps, userId, alertedAt)]);
      return 'deferred';
    }
    const dropped = await queryRows<DroppedRow>(
      db,
      sql`with settled as (
            update price_drop_notices set notified_at = now()
            where user_id = ${userId} and notified_at is null
            returning ad_id, from_price
          )
          select a.id, a.title, a.price::float8 as price, a.county, s.from_price::float8 as "fromPrice"
          from settled s join ads a on a.id = s.ad_id
          where a.status = 'approved' and a.owner_active and a.price < s.from_price
          order by (s.from_price - a.price) / s.from_price desc, a.id
          limit ${PRICE_DROP_ADS_MAX}`,
    );
    if (dropped.length === 0) return 'nothing new';
    await tx.execute(sql`update profiles set price_drop_alerted_at = now() where id = ${userId}`);
    await enqueueMail(deps.queue, tx, {
      key: `price-drop:${userId}:${dropped.map((ad) => `${ad.id}@${ad.price}`).join(',')}`,
      message: await composeMail(deps, db, userId, person, dropped),
    });
    return 'sent';
  });
}

async function composeMail(
  deps: Deps,
  db: Database,
  userId: string,
  person: Recipient,
  dropped: DroppedRow[],
) {
  const images = await firstImages(
    db,
    deps.storage,
    dropped.map((ad) => ad.id),
  );
  const absolute = (path: string) => new URL(path, deps.config.publicUrl).toString();
  const ads: DroppedAd[] = dropped.map((ad) => {
    const image = images.get(ad.id);
    return { ...ad, imageUrl: image ? absolute(image.cardJpeg) : null };
  });
  const token = signUnsubscribeToken(deps.config, { kind: 'p', userId });
  return priceDropMail({
    to: person.email,
    name: person.firstName,
    language: mailLanguage(person.locale),
    publicUrl: deps.config.publicUrl,
    ads,
    unsubscribePageUrl: absolute(unsubscribePagePath(token)),
    unsubscribeApiUrl: absolute(unsubscribeApiPath(token)),
  });
}

/**
 * What a price-drop mail's unsubscribe link does (when `apply`): the person's price-drop alerts stop,
 * and the drops still waiting for a mail are settled. Null: the account is gone.
 */
export async function unsubscribePriceDrops(
  db: Database,
  userId: string,
  apply: boolean,
): Promise<{ on: boolean } | null> {
  const [row] = await queryRows<{ on: boolean }>(
    db,
    sql`select price_drop_alerts as "on" from profiles where id = ${userId}`,
  );
  if (!row) return null;
  if (apply && row.on)
    await db.transaction(async (tx) => {
      await tx.execute(sql`update profiles set price_drop_alerts = false where id = ${userId}`);
      await tx.execute(
        sql`update price_drop_notices set notified_at = now() where user_id = ${userId} and notified_at is null`,
      );
    });
  return { on: apply ? false : row.on };
}
