import type { LimitRule } from '../http/rate-limit';

/**
 * Ads fill the moderators' queue, so writing them is limited (see server/http/rate-limit.ts for how
 * per-address limits are sized). Per account the sizes sit above what a busy honest seller does: a
 * collector clearing out a cabinet posts ten or so in an evening, a dealer a few dozen in a day; each
 * save of an edit sends the ad back to review, and fixing a typo five times is normal, sixty an hour
 * is not. Per address the sizes allow several such sellers on one shared mobile address and only stop
 * one person multiplying their allowance with fresh accounts (each needs a verified e-mail too).
 */
export const AD_LIMITS = {
  create: {
    perAccountHour: { max: 20, windowSeconds: 3600 },
    perAccountDay: { max: 60, windowSeconds: 24 * 3600 },
    perAddressHour: { max: 60, windowSeconds: 3600 },
    perAddressDay: { max: 200, windowSeconds: 24 * 3600 },
  },
  edit: {
    perAccountHour: { max: 60, windowSeconds: 3600 },
    perAccountDay: { max: 300, windowSeconds: 24 * 3600 },
    perAddressHour: { max: 300, windowSeconds: 3600 },
    perAddressDay: { max: 1000, windowSeconds: 24 * 3600 },
  },
} as const;

export type AdWrite = keyof typeof AD_LIMITS;

/** The counters one ad creation or edit goes through. */
export function adWriteLimits(write: AdWrite, userId: string, ip: string): LimitRule[] {
  const sizes = AD_LIMITS[write];
  return [
    { key: `ad-${write}:user:${userId}`, ...sizes.perAccountHour },
    { key: `ad-${write}-day:user:${userId}`, ...sizes.perAccountDay },
    { key: `ad-${write}:ip:${ip}`, ...sizes.perAddressHour },
    { key: `ad-${write}-day:ip:${ip}`, ...sizes.perAddressDay },
  ];
}
