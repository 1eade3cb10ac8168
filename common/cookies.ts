/**
 * Every cookie the site sets (issue 31), as the /cookies page lists them (Legea 506/2004 art. 4
 * alin. (5) asks for clear information on what is stored in the user's device). None is for
 * analytics or advertising: the session and the language only, so the site shows no consent banner.
 * `server/legal/legal.test.ts` walks the flows that set cookies and the web code, and fails on any
 * name missing here; the web app writes only `lang`.
 */
export const SITE_COOKIES = [
  // better-auth's session (prefix 'am', `__Secure-` over HTTPS): who is signed in.
  { name: 'am.session_token', key: 'session', kind: 'session' },
  // Sign-in without "remember me": the session ends with the browser.
  { name: 'am.dont_remember', key: 'dontRemember', kind: 'session' },
  // Between the password and the two-factor code of a sign-in, for a few minutes.
  { name: 'am.two_factor', key: 'twoFactor', kind: 'session' },
  // The language chosen in the menu (web/lib/i18n.ts), a year.
  { name: 'lang', key: 'lang', kind: 'language' },
] as const;

export type SiteCookie = (typeof SITE_COOKIES)[number];
