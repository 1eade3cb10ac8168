import { z } from 'zod';
import { adCardSchema } from './ads';

/** A favorited ad as the dashboard shows it: the card plus the seller's name. */
export const favoriteAdSchema = adCardSchema.extend({
  /** The seller as their public page names them ("Mihai P."), never the full last name. */
  seller: z.object({ id: z.string(), displayName: z.string() }),
  favoritedAt: z.string(),
});
export type FavoriteAd = z.infer<typeof favoriteAdSchema>;

export const favoriteListSchema = z.object({ items: z.array(favoriteAdSchema) });
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** The ids of every ad the caller saved, for the heart buttons. */
export const favoriteIdsSchema = z.object({ ids: z.array(z.string()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;
