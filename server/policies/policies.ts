import { DAY_MS, SOLD_VISIBLE_DAYS } from '../../common/lifecycle';
import { isStaffRole, type Role } from '../../common/roles';
import type { AdStatus } from '../../common/values';
import type { Viewer } from '../auth/viewer';
import { AppError, forbidden, notFound, unauthorized } from '../errors';

/**
 * Who may do what, in one place. Every action the API performs is listed here; an action without
 * an entry, or an entry that answers false, is denied.
 *
 * Callers: a visitor is `null`; a deactivated account counts as a visitor (its sessions are ended,
 * and server/auth/viewer.ts drops any that survive); roles are 'user', 'admin.moderator' and
 * 'admin.super'. server/policies/authorization-matrix.test.ts walks every route for each of them.
 */

/** What the rules need to know of an ad. */
export type AdSubject = {
  userId: string;
  status: AdStatus;
  ownerActive: boolean;
  /** When it was marked sold (null otherwise): its page stays public for SOLD_VISIBLE_DAYS. */
  soldAt: Date | null;
};
/** What the rules need to know of an account that staff act on. */
export type UserSubject = { id: string; role: Role };
/** What the rules need to know of a saved search: whose it is. */
export type SavedSearchSubject = { userId: string };
/** What the rules need to know of a dealer application: whose it is. */
export type DealerApplicationSubject = { userId: string };
/** What the rules need to know of a conversation: its two sides. */
export type ConversationSubject = { buyerId: string; sellerId: string };
/** What the rules need to know of a seller whose public profile is asked for. */
export type SellerSubject = { isActive: boolean };

type Rule = (viewer: Viewer | null) => boolean;
type SubjectRule<S> = (viewer: Viewer | null, subject: S) => boolean;

const anyone: Rule = () => true;
const signedIn: Rule = (viewer) => viewer !== null;
/**
 * Staff rights need two-factor on: a guessed or leaked password alone must not open the admin panel.
 * Until then a staff account has a user's rights, and the admin routes tell it why (authorize).
 */
const hasTwoFactor = (viewer: Viewer | null) => viewer?.twoFactorEnabled === true;
const isModerator = (viewer: Viewer | null) => isStaffRole(viewer?.role) && hasTwoFactor(viewer);
const isSuper = (viewer: Viewer | null) => viewer?.role === 'admin.super' && hasTwoFactor(viewer);
/** Nobody changes their own role or deactivates themselves. */
const isSomeoneElse = (viewer: Viewer | null, target: UserSubject) =>
  viewer !== null && viewer.id !== target.id;
const isOwner = (viewer: Viewer | null, ad: AdSubject) => viewer !== null && viewer.id === ad.userId;
/** Shown to everyone: approved, and the owner's account is active. */
export const isListed = (ad: AdSubject) => ad.status === 'approved' && ad.ownerActive;
/** A sold ad's page (not the lists) stays public for a while, with its "Vândut" banner. */
export const isRecentlySold = (ad: AdSubject, now: Date = new Date()) =>
  ad.status === 'sold' &&
  ad.ownerActive &&
  ad.soldAt !== null &&
  now.getTime() - ad.soldAt.getTime() < SOLD_VISIBLE_DAYS * DAY_MS;
/** What the owner may still do with a listing that is on or has ended by itself. */
const isRenewable = (ad: AdSubject) => ad.status === 'approved' || ad.status === 'expired';

const onAd = (rule: SubjectRule<AdSubject>) => rule;
const onUser = (rule: SubjectRule<UserSubject>) => rule;
const onConversation = (rule: SubjectRule<ConversationSubject>) => rule;
const onSavedSearch = (rule: SubjectRule<SavedSearchSubject>) => rule;
const onDealerApplication = (rule: SubjectRule<DealerApplicationSubject>) => rule;
const onSeller = (rule: SubjectRule<SellerSubject>) => rule;
/** Who may see an ad's page. */
const mayViewAd = (viewer: Viewer | null, ad: AdSubject) =>
  isListed(ad) || isRecentlySold(ad) || isOwner(viewer, ad) || isModerator(viewer);
const isParticipant = (viewer: Viewer | null, c: ConversationSubject) =>
  viewer !== null && (viewer.id === c.buyerId || viewer.id === c.sellerId);

const RULES = {
  'me.read': signedIn,
  'me.update': signedIn,
  'ads.browse': anyone,
  'ads.listOwn': signedIn,
  'ad.create': signedIn,
  'upload.create': signedIn,
  'ad.view': onAd(mayViewAd),
  'ad.update': onAd((viewer, ad) => isOwner(viewer, ad)),
  // Lifecycle (issue 12): renewing neither re-reviews nor moves the ad up; a sold ad stays sold.
  'ad.renew': onAd((viewer, ad) => isOwner(viewer, ad) && isRenewable(ad)),
  'ad.markSold': onAd((viewer, ad) => isOwner(viewer, ad) && isRenewable(ad)),
  // The mailed link carries its own proof (a signed token), so it needs no session.
  'ad.renewByToken': anyone,
  'ad.delete': onAd((viewer, ad) => isOwner(viewer, ad) || isModerator(viewer)),
  'ad.contact': onAd((viewer, ad) => viewer !== null && !isOwner(viewer, ad) && isListed(ad)),
  'ad.moderate': onAd((viewer) => isModerator(viewer)),
  // Buyers meet sellers: conversations are seen and continued by their two sides only.
  'conversations.list': signedIn,
  'conversation.view': onConversation(isParticipant),
  // The ad page asks for the caller's own conversation about the ad (as its buyer): signed in, and
  // only about an ad whose page they may see.
  'ad.ownConversation': onAd((viewer, ad) => viewer !== null && mayViewAd(viewer, ad)),
  'conversation.reply': onConversation(isParticipant),
  'favorites.list': signedIn,
  'ad.favorite': onAd((viewer, ad) => viewer !== null && isListed(ad)),
  // Removing takes no ad: a saved ad that was since hidden can still be let go.
  'favorite.remove': signedIn,
  // Visitors may report too; an owner has no reason to report their own ad.
  'ad.report': onAd((viewer, ad) => isListed(ad) && !isOwner(viewer, ad)),
  // The admin panel: the moderation queue, the reports and the list of users.
  'admin.panel': isModerator,
  // Deactivate and reactivate: a moderator cannot act on a super.
  'user.manage': onUser(
    (viewer, target) =>
      isModerator(viewer) &&
      isSomeoneElse(viewer, target) &&
      (target.role !== 'admin.super' || isSuper(viewer)),
  ),
  // Grant or remove admin.moderator; the super role is only given from the command line.
  'user.setRole': onUser(
    (viewer, target) => isSuper(viewer) && isSomeoneElse(viewer, target) && target.role !== 'admin.super',
  ),
  'audit.read': isSuper,
  // Saved searches (issue 11): a user's own, seen and changed by them only.
  'savedSearches.list': signedIn,
  'savedSearch.create': signedIn,
  'savedSearch.manage': onSavedSearch((viewer, search) => viewer !== null && viewer.id === search.userId),
  // The mailed unsubscribe link carries its own proof (a signed token), so it needs no session.
  'savedSearch.unsubscribeByToken': anyone,
  // Verified dealers (issue 12): anyone signed in applies (the state machine refuses a second
  // pending one); admin.super reviews, never their own application.
  'dealer.readOwn': signedIn,
  'dealer.apply': signedIn,
  'dealers.review': isSuper,
  'dealer.decide': onDealerApplication(
    (viewer, application) => isSuper(viewer) && viewer?.id !== application.userId,
  ),
  // Seller profiles (issue 12): public, like the ads they list; a deactivated account has none.
  'seller.view': onSeller((_viewer, seller) => seller.isActive),
  // How long review typically takes: told to anyone about to post (no ad or person named in it).
  'moderation.typicalWait': anyone,
} satisfies Record<string, Rule | SubjectRule<never>>;

type Rules = typeof RULES;
export type Action = keyof Rules;
/** Actions a visitor may be allowed; after any other, the caller is known to be signed in. */
type VisitorAction =
  | 'ads.browse'
  | 'ad.view'
  | 'ad.report'
  | 'ad.renewByToken'
  | 'savedSearch.unsubscribeByToken'
  | 'seller.view'
  | 'moderation.typicalWait';
type AllowedViewer<A extends Action> = A extends VisitorAction ? Viewer | null : Viewer;
type SubjectOf<A extends Action> = Parameters<Rules[A]>[1];
/** Actions on a thing take the thing; the others take nothing. */
type SubjectArgs<A extends Action> = undefined extends SubjectOf<A> ? [] : [subject: SubjectOf<A>];

/** The admin panel's actions: a staff account without two-factor is told to turn it on. */
const STAFF_ACTIONS = new Set<Action>([
  'admin.panel',
  'ad.moderate',
  'user.manage',
  'user.setRole',
  'audit.read',
  'dealers.review',
  'dealer.decide',
]);

export const TWO_FACTOR_REQUIRED = 'two_factor_required';
const twoFactorRequired = () =>
  new AppError(
    403,
    TWO_FACTOR_REQUIRED,
    'Staff accounts must turn on two-factor authentication (Settings) before using the admin panel',
  );

/** A staff account that would have the right, but has not turned two-factor on yet. */
const lacksOnlyTwoFactor = (viewer: Viewer | null, action: Action) =>
  viewer !== null && isStaffRole(viewer.role) && !hasTwoFactor(viewer) && STAFF_ACTIONS.has(action);

export function can<A extends Action>(viewer: Viewer | null, action: A, ...subject: SubjectArgs<A>): boolean {
  const rule = RULES[action] as SubjectRule<unknown> | undefined;
  return rule ? rule(viewer, subject[0]) : false;
}

/**
 * Throws unless allowed. On a thing the refusal is always 404, the same answer as for a thing that
 * does not exist. Otherwise 401 for a visitor who must sign in, and 404 for anyone else.
 */
export function authorize<A extends Action>(
  viewer: Viewer | null,
  action: A,
  ...subject: SubjectArgs<A>
): asserts viewer is AllowedViewer<A> {
  if (can(viewer, action, ...subject)) return;
  if (lacksOnlyTwoFactor(viewer, action)) throw twoFactorRequired();
  throw viewer || subject.length > 0 ? notFound() : unauthorized();
}

/**
 * For a thing the caller has already been shown (a moderator sees every account in the users list):
 * a refusal is 403, since hiding what they can see would only confuse.
 */
export function authorizeShown<A extends Action>(
  viewer: Viewer | null,
  action: A,
  ...subject: SubjectArgs<A>
): asserts viewer is AllowedViewer<A> {
  if (can(viewer, action, ...subject)) return;
  if (lacksOnlyTwoFactor(viewer, action)) throw twoFactorRequired();
  throw forbidden('You may not do this to this account');
}
