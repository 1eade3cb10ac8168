import { randomUUID } from 'node:crypto';
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { twoFactor, user } from '../db/schema/auth';
import type { Auth } from './auth';

export type TotpSecret = {
  /** What better-auth keeps (encrypted) and hashes codes with. */
  raw: string;
  /** The same secret as authenticator apps take it (what the otpauth:// link carries). */
  base32: string;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth:// links write secrets. */
function base32Encode(bytes: Uint8Array): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5)
    out += BASE32[Number.parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
}

export const totpSecretOf = (raw: string): TotpSecret => ({
  raw,
  base32: base32Encode(new TextEncoder().encode(raw)),
});

/**
 * Turns TOTP on for an account without the confirm-a-code round trip that people go through in
 * Settings: for the demo moderator and for tests. Stored exactly as better-auth's two-factor plugin
 * stores it (secret and backup codes encrypted with the auth secret), so sign-in asks for a code.
 */
export async function enableTotp(
  auth: Auth,
  db: Database,
  userId: string,
  raw: string = generateRandomString(32),
): Promise<TotpSecret> {
  const { secretConfig } = await auth.$context;
  const secret = await symmetricEncrypt({ key: secretConfig, data: raw });
  const backupCodes = await symmetricEncrypt({ key: secretConfig, data: JSON.stringify([]) });
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.insert(twoFactor).values({ id: randomUUID(), userId, secret, backupCodes, verified: true });
    await tx.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  });
  return totpSecretOf(raw);
}
