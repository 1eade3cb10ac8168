import { sql } from 'drizzle-orm';
import {
  SUSPECT_MIN_RECIPIENTS,
  SUSPECT_WINDOW_HOURS,
  SUSPECTS_MAX,
  type SuspectList,
} from '../../common/schemas/suspects';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { adminUsersByIds } from '../moderation/user-moderation';
import { messageRiskCounts } from './message-risks';

/**
 * The suspect list (issue 30): senders whose risky messages of the last SUSPECT_WINDOW_HOURS reached
 * at least SUSPECT_MIN_RECIPIENTS different people, most recipients first. The window is read from
 * message_safety_recent_idx alone (created_at, sender, receiver of the risky rows: migration 0027), so
 * the cost follows the window's risky messages, not the table. Deactivated accounts stay listed, marked,
 * so a moderator sees the whole picture.
 */
export async function listSuspects(db: Database, viewer: Viewer): Promise<SuspectList> {
  const found = await queryRows<{ sender_id: string }>(
    db,
    sql`select sender_id from message_safety
        where cardinality(rules) > 0 and created_at > now() - make_interval(hours => ${SUSPECT_WINDOW_HOURS})
        group by sender_id
        having count(distinct receiver_id) >= ${SUSPECT_MIN_RECIPIENTS}
        order by count(distinct receiver_id) desc, max(created_at) desc, sender_id
        limit ${SUSPECTS_MAX}`,
  );
  const ids = found.map((row) => row.sender_id);
  const [users, recent] = await Promise.all([
    adminUsersByIds(db, viewer, ids),
    messageRiskCounts(db, ids, SUSPECT_WINDOW_HOURS),
  ]);
  const items = ids.flatMap((id) => {
    const user = users.get(id);
    const counts = recent.get(id);
    return user && counts ? [{ user, recent: counts }] : [];
  });
  return { windowHours: SUSPECT_WINDOW_HOURS, minRecipients: SUSPECT_MIN_RECIPIENTS, items };
}
