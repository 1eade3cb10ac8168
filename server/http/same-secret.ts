import { timingSafeEqual } from 'node:crypto';

/** Whether a secret the client gave is the expected one, in constant time (unequal lengths: false). */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given) : given;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
