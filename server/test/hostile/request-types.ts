import type { Kind } from './arbitraries';

// ——— Requests ———

/** Who sends: nobody, somebody with a forged cookie, an ordinary user, the fixtures' owner, staff. */
export type Caller = 'visitor' | 'forged' | 'user' | 'owner' | 'moderator' | 'super';

export type FormPart =
  | { name: string; text: string }
  | { name: string; bytes: Uint8Array; filename: string; type: string };
export type Body =
  | { type: 'none' }
  | { type: 'json'; value: unknown }
  /** Text sent as it is; a null content type sends bytes with no Content-Type at all. */
  | { type: 'raw'; text: string; contentType: string | null }
  | { type: 'form'; parts: FormPart[] }
  /** A multipart upload of this many bytes, made when sent. */
  | { type: 'big-form'; bytes: number };

export type HostileRequest = {
  /** The served route ("METHOD /path") this request is aimed at, or "unlisted". */
  route: string;
  method: string;
  path: string;
  caller: Caller;
  body: Body;
  headers: Record<string, string>;
  /** Sends no Origin header (cross-site requests marked only by Sec-Fetch-Site). */
  omitOrigin: boolean;
  ip: string;
  /** Why the server must refuse it. */
  defects: Kind[];
  /** The one field at fault, which a validation message must name. */
  field?: string;
  extras: boolean;
};

export type Draft = {
  method?: string;
  path: string;
  caller: Caller;
  body?: Body;
  headers?: Record<string, string>;
  omitOrigin?: boolean;
  defects: Kind[];
  field?: string;
  extras?: boolean;
};

// ——— Fixtures the generators aim at ———

export type Fixtures = {
  users: {
    owner: string;
    buyer: string;
    pool: string[];
    moderator: string;
    super: string;
    otherSuper: string;
    inactive: string;
  };
  ads: {
    approved: string;
    featured: string;
    pending: string;
    needsChanges: string;
    rejected: string;
    expired: string;
    /** Approved, with an open report. */
    reported: string;
    /** Approved, with its owner's edit waiting for review (issue 26). */
    revised: string;
  };
  conversation: string;
  /** A saved search of the owner. */
  savedSearch: string;
  /** Dealer applications: the owner's pending one, and another user's refused one. */
  dealerApplications: { pending: string; refused: string };
  /**
   * Issue 28: an approved ad of the owner reserved by an accepted offer; a pending offer on the owner's
   * approved ad; deals in which the owner is the buyer (awaiting) and the seller (confirmed); a shown
   * and a hidden rating of the owner; an open and a dismissed trust report.
   */
  deals: {
    reservedAd: string;
    offer: string;
    awaitingDeal: string;
    confirmedDeal: string;
    /** Issue 29: the owner's confirmed deal of a weapon (it has a deregistration step). */
    weaponDeal: string;
    /** Issue 29: the owner's pending handover request on the weapon deal, to a dealer none of the callers is. */
    handoverRequest: string;
    rating: string;
    hiddenRating: string;
    openReport: string;
    dismissedReport: string;
  };
  /** Ids of other things (messages, reports, favorites): real, but never what a route names. */
  otherIds: string[];
  /** Every id in the database the generators must not hit by chance. */
  realIds: Set<string>;
  owner: { email: string; password: string; sessionToken: string };
  /** A valid small JPEG: only ever sent where something else makes the request refused. */
  photo: Uint8Array;
};
