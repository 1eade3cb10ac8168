/** Where someone goes back to after signing in (`?next=`): a path on this site, nothing else. */
export const RETURN_PATH_MAX = 500;

const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * The path itself when it is a same-origin path, else null. Refused: absolute and protocol-relative
 * URLs (`https://evil`, `//evil`), backslashes (browsers read `/\evil` as `//evil`), control
 * characters, and anything that resolves to another origin.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path as a base64url token, for the verification link's callback: mail links pass through
 * encoders that do not all agree on a query inside a query, and a token has nothing to re-encode.
 * Paths are ASCII once safeReturnPath has normalised them.
 */
export function encodeReturnPath(path: string): string {
  return btoa(path).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The path inside a token from encodeReturnPath, when it is still a safe one; else null. */
export function decodeReturnPath(token: unknown): string | null {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,700}$/.test(token)) return null;
  try {
    const path = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return safeReturnPath(path) === path ? path : null;
  } catch {
    return null;
  }
}
