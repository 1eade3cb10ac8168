import os from 'node:os';
import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_HASHES, passwordHashing } from './password-hashing';

describe('password hashing', () => {
  it('reads hashes made by better-auth’s default scrypt, and makes ones it reads', async () => {
    const stored = await hashPassword('parola-corecta-1');
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-corecta-1' })).toBe(true);
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-gresita-1' })).toBe(false);
    const made = await passwordHashing.hash('alta-parola-22');
    expect(await passwordHashing.verify({ hash: made, password: 'alta-parola-22' })).toBe(true);
  });

  it('leaves at least half of libuv’s threads and a core to the rest of the server', () => {
    const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    expect(CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(CONCURRENT_HASHES).toBeLessThanOrEqual(Math.max(1, Math.floor(threadpool / 2)));
    expect(CONCURRENT_HASHES).toBeLessThanOrEqual(Math.max(1, os.availableParallelism() - 1));
  });
});
