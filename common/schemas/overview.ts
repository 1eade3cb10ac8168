import { z } from 'zod';

/** The dashboard's counters (spec: Total Listings, Pending Review, Unread Messages, Favorites). */
export const overviewSchema = z.object({
  totalListings: z.number(),
  pendingReview: z.number(),
  unreadMessages: z.number(),
  favorites: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;
