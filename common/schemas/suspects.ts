import { z } from 'zod';
import { messageRiskCountsSchema } from '../scam/safety';
import { adminUserSchema } from './admin';

/**
 * The suspect list of the admin panel (issue 30): accounts whose risky messages reached at least
 * SUSPECT_MIN_RECIPIENTS different people within the last SUSPECT_WINDOW_HOURS.
 *
 * Why these figures: an honest seller gives a phone number or asks for a deposit to the one or two
 * buyers they are settling with in a day; a deposit or courier-link scam copies the same text to
 * every seller or buyer it can reach, dozens a day (the sending limits allow 30 new conversations a
 * day). Five different people in 24 hours stays above a busy honest seller and catches a script
 * within its first hours. The list only puts an account in front of a moderator, who decides.
 */
export const SUSPECT_WINDOW_HOURS = 24;
export const SUSPECT_MIN_RECIPIENTS = 5;
/** The most listed, most recipients first: more than a moderator works through at once. */
export const SUSPECTS_MAX = 100;

export const suspectSchema = z.object({
  /** The account as the users list shows it, with what the caller may do to it. */
  user: adminUserSchema,
  /** The risky messages of the window: rules, messages, different recipients, the newest. */
  recent: messageRiskCountsSchema,
});
export type Suspect = z.infer<typeof suspectSchema>;

export const suspectListSchema = z.object({
  windowHours: z.number().int(),
  minRecipients: z.number().int(),
  items: z.array(suspectSchema),
});
export type SuspectList = z.infer<typeof suspectListSchema>;
