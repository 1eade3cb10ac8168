import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address, as rate limits count it.
 *
 * Behind `trustedHops` reverse proxies, each appends the address it received the request from to
 * X-Forwarded-For, so only the last `trustedHops` entries were written by someone we trust; whatever
 * comes before them is the client's own claim. The client is the entry the outermost trusted proxy
 * appended: the `trustedHops`-th from the right. Fewer entries than that means a proxy was skipped
 * (the request reached an inner one directly): the leftmost entry is then still a proxy's. An entry
 * that is not an address falls back to the socket's, so writing garbage gains nothing.
 *
 * IPv6 addresses are counted by their /64: one subscriber gets a whole /64 and could rotate through it.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length > 0) {
      const chosen = entries[Math.max(0, entries.length - trustedHops)];
      const address = chosen === undefined ? undefined : normalizeAddress(chosen);
      if (address) return address;
    }
  }
  return socketAddress(c);
}

function socketAddress(c: Context): string {
  try {
    const remote = getConnInfo(c).remote.address;
    return (remote && normalizeAddress(remote)) ?? 'unknown';
  } catch {
    // Requests made in memory (app.request in tests) have no socket.
    return 'unknown';
  }
}

/** "1.2.3.4", "1.2.3.4:5678", "[2001:db8::1]:443", "::ffff:1.2.3.4" → a rate-limit key, or undefined. */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:([\d.]+)$/.exec(value);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(value)) return value;
  if (isIPv6(value)) return `${ipv6Prefix64(value)}::/64`;
  return undefined;
}

/** The first four groups of an IPv6 address, written out in full. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => group.padStart(4, '0'))
    .join(':');
}
