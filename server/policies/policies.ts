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
/** What the rules need to know of a session: whose it is. */
export type SessionSubject = { id: string; userId: string };
/** What the rules need to know of a data export (issue 31): whose it is. */
export type DataExportSubject = { userId: string };
/** What the rules need to know of a seller whose public profile is asked for. */
export type SellerSubject = { isActive: boolean };
/** What the rules need to know of an offer or a deal (issue 28): its two sides. */
export type DealSubject = { buyerId: string; sellerId: string };
/** What the rules need to know of a rating (issue 28): who gave it, whom it rates, whether it shows. */
export type RatingSubject = {
  raterId: string;
  ratedId: string;
  revealedAt: Date | null;
  hiddenAt: Date | null;
};

/** What the rules need to know of a dealer about to offer transfer services (issue 29). */
export type DealerSubject = { userId: string; verified: boolean };
/** What the rules need to know of a handover request (issue 29): the dealer asked, and who asked. */
export type HandoverSubject = { dealerId: string; requesterId: string };

type Rule = (viewer: Viewer | null) => boolean;
type SubjectRule<S> = (viewer: Viewer | null, subject: S) => boolean;

const anyone: Rule = () => true;
const signedIn: Rule = (viewer) => viewer !== null;
/**
 * Staff rights need a session that itself passed a second factor (viewer.ts): a guessed or leaked
 * password alone must not open the admin panel, not even once the owner turned two-factor on in
 * another session. Until then a staff account has a user's rights, and the admin routes tell it why.
 */
const hasTwoFactor = (viewer: Viewer | null) => viewer?.secondFactor === true;
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
const onSession = (rule: SubjectRule<SessionSubject>) => rule;
const onDeal = (rule: SubjectRule<DealSubject>) => rule;
const onRating = (rule: SubjectRule<RatingSubject>) => rule;
/** A rating anyone may read: revealed (double-blind) and not hidden by a moderator. */
const isPublicRating = (rating: RatingSubject) => rating.revealedAt !== null && rating.hiddenAt === null;
/** Who may see an ad's page. */
const mayViewAd = (viewer: Viewer | null, ad: AdSubject) =>
  isListed(ad) || isRecentlySold(ad) || isOwner(viewer, ad) || isModerator(viewer);
const isParticipant = (viewer: Viewer | null, c: ConversationSubject) =>
  viewer !== null && (viewer.id === c.buyerId || viewer.id === c.sellerId);

const RULES = {
  'me.read': signedIn,
  'me.update': signedIn,
  // With two-factor on, its settings (new backup codes, turning it off) need a session that passed it.
  'twoFactor.manage': ((viewer) =>
    viewer !== null && (!viewer.twoFactorEnabled || viewer.secondFactor)) satisfies Rule,
  // The account's own sessions (issue 26): listed by their owner, who may end any but the one in use.
  'sessions.list': signedIn,
  'sessions.endOthers': signedIn,
  'session.end': onSession(
    (viewer, target) => viewer !== null && viewer.id === target.userId && viewer.sessionId !== target.id,
  ),
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
  // Scam protection (issue 30): the suspect list, read by the staff who can deactivate from it.
  'scam.suspects': isModerator,
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
  // Issue 31: who runs the site and the texts' versions are public; a user's acceptances, exports and
  // deletion are their own.
  'legal.read': anyone,
  'legal.status': signedIn,
  'legal.accept': signedIn,
  'dataExports.list': signedIn,
  'dataExport.create': signedIn,
  'dataExport.download': ((viewer, subject: DataExportSubject) =>
    viewer !== null && viewer.id === subject.userId) satisfies SubjectRule<DataExportSubject>,
  'account.delete': signedIn,
  // Issue 28, offers: on a listed ad that is not one's own (reserved or sold: the state machine says
  // 409); an offer is answered by its two sides only, each at its own step (common/deals.ts).
  'ad.makeOffer': onAd((viewer, ad) => viewer !== null && !isOwner(viewer, ad) && isListed(ad)),
  'offer.answer': onDeal(isParticipant),
  // The owner lets a reservation go, and picks whom the ad was sold to among those who wrote about it.
  'ad.manageSale': onAd((viewer, ad) => isOwner(viewer, ad)),
  // Deals: seen by their two sides; only the buyer confirms or denies; both rate once confirmed
  // (never themselves: the rated person is always the deal's other side, and a deal has two).
  'deals.list': signedIn,
  'deal.answer': onDeal((viewer, deal) => viewer !== null && viewer.id === deal.buyerId),
  // Issue 29: only the seller says the weapon was struck off their permit.
  'deal.markDeregistered': onDeal((viewer, deal) => viewer !== null && viewer.id === deal.sellerId),
  'deal.rate': onDeal((viewer, deal) => isParticipant(viewer, deal) && deal.buyerId !== deal.sellerId),
  // Issue 29: the sale contract PDF, for the deal's two sides only (a denied deal: 409, the state's).
  'deal.contract': onDeal(isParticipant),
  // Ratings: the rated person replies to one that shows; anyone signed in but its author reports it.
  // Issue 29, handover at an armurier: a verified dealer sets their own transfer services, which
  // anyone may read under a weapon's guide; either side of a deal asks a dealer; only the dealer
  // asked answers, and only the one who asked takes a pending request back.
  'dealerServices.readOwn': signedIn,
  'dealerServices.update': ((viewer, dealer: DealerSubject) =>
    viewer !== null && viewer.id === dealer.userId && dealer.verified) satisfies SubjectRule<DealerSubject>,
  'dealerServices.browse': anyone,
  'deal.requestHandover': onDeal(isParticipant),
  'handoverRequests.listOwn': signedIn,
  'handover.answer': ((viewer, handover: HandoverSubject) =>
    viewer !== null && viewer.id === handover.dealerId) satisfies SubjectRule<HandoverSubject>,
  'handover.cancel': ((viewer, handover: HandoverSubject) =>
    viewer !== null && viewer.id === handover.requesterId) satisfies SubjectRule<HandoverSubject>,
  'rating.reply': onRating(
    (viewer, rating) => viewer !== null && viewer.id === rating.ratedId && isPublicRating(rating),
  ),
  'rating.report': onRating(
    (viewer, rating) => viewer !== null && viewer.id !== rating.raterId && isPublicRating(rating),
  ),
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
  | 'moderation.typicalWait'
  | 'legal.read'
  | 'dealerServices.browse';
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
  'scam.suspects',
  'dealers.review',
  'dealer.decide',
]);

export const TWO_FACTOR_REQUIRED = 'two_factor_required';
const twoFactorRequired = () =>
  new AppError(
    403,
    TWO_FACTOR_REQUIRED,
    'Staff need a session that passed two-factor authentication: turn it on in Settings, or sign in again with your code',
  );

/** A staff account that would have the right, but whose session has not passed two-factor. */
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
