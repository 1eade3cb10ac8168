import { and, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../common/schemas/admin';
import type {
  AdminDealerApplication,
  DealerAction,
  DealerApplication,
  DealerApplicationFields,
  DealerApplicationStatus,
  DealerApplicationsPage,
  DealerState,
} from '../../common/schemas/dealers';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { dealerApplications } from '../db/schema/dealers';
import { profiles } from '../db/schema/profiles';
import { AppError } from '../errors';
import { enqueueMail } from '../jobs/mail-job';
import { recordAction, type Tx } from '../moderation/audit';
import { decodePageCursor, pageOf } from '../moderation/page-cursor';
import { can } from '../policies/policies';
import { type DealerDecision, dealerDecisionMail } from './dealer-mail';

type Row = typeof dealerApplications.$inferSelect;

const present = (row: Row): DealerApplication => ({
  id: row.id,
  status: row.status as DealerApplicationStatus,
  businessName: row.businessName,
  cui: row.cui,
  authorisationNumber: row.authorisationNumber,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** What each decision needs the application to be, and what it makes of it. */
const TRANSITIONS: Record<DealerAction, { from: DealerApplicationStatus; to: DealerApplicationStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  refuse: { from: 'pending', to: 'refused' },
  withdraw: { from: 'approved', to: 'withdrawn' },
};
const AUDIT_ACTIONS = {
  approve: 'dealer.approve',
  refuse: 'dealer.refuse',
  withdraw: 'dealer.withdraw',
} as const;

const alreadyDecided = () =>
  new AppError(409, 'invalid_transition', 'This application is no longer in that state. Reload the list.');

async function latestApplication(db: Database | Tx, userId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(dealerApplications)
    .where(eq(dealerApplications.userId, userId))
    .orderBy(desc(dealerApplications.createdAt))
    .limit(1);
  return row ?? null;
}

async function isVerified(db: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: profiles.dealerVerifiedAt })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return Boolean(row?.at);
}

export async function dealerState(db: Database, viewer: Viewer): Promise<DealerState> {
  const [latest, verified] = await Promise.all([latestApplication(db, viewer.id), isVerified(db, viewer.id)]);
  return {
    verified,
    application: latest ? present(latest) : null,
    canApply: !verified && latest?.status !== 'pending',
  };
}

/** Files an application: refused with 409 while one is pending or the badge holds. */
export async function applyAsDealer(
  db: Database,
  viewer: Viewer,
  application: DealerApplicationFields,
): Promise<DealerState> {
  await db.transaction(async (tx) => {
    if (await isVerified(tx, viewer.id)) {
      throw new AppError(409, 'already_dealer', 'You are already a verified dealer.');
    }
    const inserted = await tx
      .insert(dealerApplications)
      .values({ userId: viewer.id, ...application })
      // One pending application per user (a unique partial index): a second one is a conflict.
      .onConflictDoNothing()
      .returning({ id: dealerApplications.id });
    if (inserted.length === 0) {
      throw new AppError(409, 'application_pending', 'Your application is already being reviewed.');
    }
  });
  return dealerState(db, viewer);
}

const applicantColumns = {
  application: dealerApplications,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: user.email,
  emailVerified: user.emailVerified,
  locale: profiles.locale,
};

type Found = {
  application: Row;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  locale: string;
};

const actionsFor = (viewer: Viewer, found: Found): DealerAction[] =>
  can(viewer, 'dealer.decide', found.application)
    ? (Object.keys(TRANSITIONS) as DealerAction[]).filter(
        (action) => TRANSITIONS[action].from === found.application.status,
      )
    : [];

const presentForAdmin = (viewer: Viewer, found: Found): AdminDealerApplication => ({
  ...present(found.application),
  applicant: {
    id: found.application.userId,
    firstName: found.firstName,
    lastName: found.lastName,
    email: found.email,
    emailVerified: found.emailVerified,
  },
  actions: actionsFor(viewer, found),
});

/** Applications in one status, oldest first for the pending ones (a queue), newest first otherwise. */
export async function listDealerApplications(
  db: Database,
  viewer: Viewer,
  query: { status: DealerApplicationStatus; cursor?: string },
): Promise<DealerApplicationsPage> {
  const cursor = decodePageCursor(query.cursor, { uuid: true });
  const oldestFirst = query.status === 'pending';
  const key = sql`(${dealerApplications.createdAt}, ${dealerApplications.id})`;
  const after = cursor
    ? oldestFirst
      ? sql`${key} > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql`${key} < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const rows = await db
    .select(applicantColumns)
    .from(dealerApplications)
    .innerJoin(user, eq(user.id, dealerApplications.userId))
    .innerJoin(profiles, eq(profiles.id, dealerApplications.userId))
    .where(and(eq(dealerApplications.status, query.status), after))
    .orderBy(
      oldestFirst ? dealerApplications.createdAt : desc(dealerApplications.createdAt),
      oldestFirst ? dealerApplications.id : desc(dealerApplications.id),
    )
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE, (row) => ({
    at: row.application.createdAt,
    id: row.application.id,
  }));
  return { items: page.items.map((row) => presentForAdmin(viewer, row)), nextCursor: page.nextCursor };
}

export async function findDealerApplication(db: Database | Tx, id: string): Promise<Found | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select(applicantColumns)
    .from(dealerApplications)
    .innerJoin(user, eq(user.id, dealerApplications.userId))
    .innerJoin(profiles, eq(profiles.id, dealerApplications.userId))
    .where(eq(dealerApplications.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Approves or refuses an application, or withdraws the badge it gave: the application's status, the
 * profile's badge (and through a trigger every ad of the dealer), the audit row and the applicant's
 * mail, all in one transaction. A decision the application is no longer open to is a 409.
 */
export async function decideDealerApplication(
  deps: Pick<Services, 'db' | 'queue' | 'config'>,
  viewer: Viewer,
  found: Found,
  decision: DealerDecision,
  reason: string | null,
): Promise<AdminDealerApplication> {
  const { from, to } = TRANSITIONS[decision];
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(dealerApplications)
      .set({ status: to, reason, decidedAt: sql`now()`, decidedBy: viewer.id })
      .where(and(eq(dealerApplications.id, found.application.id), eq(dealerApplications.status, from)))
      .returning();
    if (!changed) throw alreadyDecided();
    if (decision !== 'refuse') {
      await tx
        .update(profiles)
        .set({ dealerVerifiedAt: decision === 'approve' ? sql`now()` : null })
        .where(eq(profiles.id, changed.userId));
    }
    const audit = await recordAction(tx, viewer, {
      action: AUDIT_ACTIONS[decision],
      targetType: 'user',
      targetId: changed.userId,
      targetLabel: `${changed.businessName} (CUI ${changed.cui}) · ${found.email}`,
      reason,
      statusBefore: from,
      statusAfter: to,
    });
    const message = dealerDecisionMail({
      to: found.email,
      name: found.firstName,
      locale: found.locale,
      decision,
      businessName: changed.businessName,
      reason,
      link: new URL('/dashboard/settings', deps.config.publicUrl).toString(),
    });
    await enqueueMail(deps.queue, tx, { key: `dealer:${audit.id}`, message });
    return presentForAdmin(viewer, { ...found, application: changed });
  });
}

/** The dealer's display name for badges: the business name of their approved application. */
export async function dealerNameOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: dealerApplications.businessName })
    .from(dealerApplications)
    .innerJoin(profiles, eq(profiles.id, dealerApplications.userId))
    .where(
      and(
        eq(dealerApplications.userId, userId),
        eq(dealerApplications.status, 'approved'),
        sql`${profiles.dealerVerifiedAt} is not null`,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}
