import { z } from 'zod';
import { MESSAGE_RULE_IDS } from './message-rules';

/** An account younger than this many days is marked "Cont nou / New account" (issue 30). */
export const NEW_ACCOUNT_DAYS = 30;

/**
 * What the API says of a message's risks, seen from the caller: the recipient gets the warnings (the
 * rules it triggered) and, on the first message from a new account, the seller's tip; the sender gets
 * the note that the platform's messages keep a record, when they sent a link or contact details.
 * Absent when there is nothing to say.
 */
export const messageSafetySchema = z.object({
  warnings: z.array(z.enum(MESSAGE_RULE_IDS)),
  newAccountTip: z.boolean(),
  senderNote: z.boolean(),
});
export type MessageSafety = z.infer<typeof messageSafetySchema>;

/** How new an account is and whether its e-mail is verified: on threads, ad pages and seller pages. */
export const accountMarksSchema = z.object({
  /** Younger than NEW_ACCOUNT_DAYS. */
  newAccount: z.boolean(),
  emailVerified: z.boolean(),
});
export type AccountMarks = z.infer<typeof accountMarksSchema>;

/**
 * A photo of an ad in the moderation queue that matches a photo of another user's ad (issue 30):
 * "Fotografie identică sau foarte asemănătoare cu anunțul X al altui utilizator". `title` is null
 * when that ad has been deleted since.
 */
export const reusedPhotoSchema = z.object({
  imageId: z.string(),
  /** Bits apart of the two 64-bit hashes (0: the same picture). */
  distance: z.number(),
  otherAd: z.object({ id: z.string(), title: z.string().nullable() }),
});
export type ReusedPhoto = z.infer<typeof reusedPhotoSchema>;

/**
 * What a user's risky messages add up to, for the moderators (issue 30): how many messages triggered
 * each rule (a message with three rules counts for each), how many messages and how many different
 * people received them, and the newest. Over all time in the users list, over the window in the
 * suspect list.
 */
export const messageRiskCountsSchema = z.object({
  rules: z.array(z.object({ rule: z.enum(MESSAGE_RULE_IDS), messages: z.number().int() })),
  messages: z.number().int(),
  recipients: z.number().int(),
  lastAt: z.string(),
});
export type MessageRiskCounts = z.infer<typeof messageRiskCountsSchema>;
