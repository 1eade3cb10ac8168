import type { Handler } from 'hono';

/**
 * Public pages are open to crawlers; accounts, the admin panel, sign-in and the API are not. Images
 * under /media stay allowed: link previews fetch the ad's photo from there.
 */
export function robotsTxt(publicUrl: string): Handler {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /media/',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /api/',
    'Disallow: /post-ad',
    'Disallow: /ad/*/edit',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(body);
  };
}
