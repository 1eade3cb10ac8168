import { JSDOM } from 'jsdom';

/**
 * The constraints of sitemaps.org's sitemap.xsd and siteindex.xsd (protocol 0.9), checked without a
 * network or an XSD engine: well-formed XML, the namespace, the root, each entry's elements in the
 * schema's order with loc required, loc an absolute URL of 12 to 2,048 characters, lastmod a W3C
 * date or date-time, changefreq and priority within their sets, and the protocol's caps (50,000
 * entries, 50 MB). Returns the problems found (none when valid) and the entries' locs.
 */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const MAX_ENTRIES = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;
const CHANGEFREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
// xsd:date or xsd:dateTime with an optional zone, as tLastmod's union allows.
const W3C_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

type Kind = 'urlset' | 'sitemapindex';
const SPEC: Record<Kind, { entry: string; children: string[] }> = {
  urlset: { entry: 'url', children: ['loc', 'lastmod', 'changefreq', 'priority'] },
  sitemapindex: { entry: 'sitemap', children: ['loc', 'lastmod'] },
};

export function checkSitemap(xml: string, kind: Kind): { problems: string[]; locs: string[] } {
  const problems: string[] = [];
  const locs: string[] = [];
  if (Buffer.byteLength(xml) > MAX_BYTES) problems.push('larger than 50 MB');
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no UTF-8 XML declaration');
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return { problems: ['not well-formed XML'], locs };
  const root = doc.documentElement;
  if (root.localName !== kind) problems.push(`root is <${root.localName}>, not <${kind}>`);
  if (root.namespaceURI !== SITEMAP_NS) problems.push(`root namespace is ${root.namespaceURI}`);
  const spec = SPEC[kind];
  const entries = [...root.children];
  if (entries.length === 0) problems.push('no entries');
  if (entries.length > MAX_ENTRIES) problems.push(`${entries.length} entries, over ${MAX_ENTRIES}`);
  entries.forEach((entry, index) => {
    const where = `${spec.entry} ${index + 1}`;
    if (entry.localName !== spec.entry || entry.namespaceURI !== SITEMAP_NS) {
      problems.push(`${where}: unexpected <${entry.tagName}>`);
      return;
    }
    const children = [...entry.children].filter((child) => child.namespaceURI === SITEMAP_NS);
    const names = children.map((child) => child.localName);
    let last = -1;
    for (const name of names) {
      const position = spec.children.indexOf(name);
      if (position < 0) problems.push(`${where}: unexpected <${name}>`);
      else if (position <= last) problems.push(`${where}: <${name}> out of order or repeated`);
      last = Math.max(last, position);
    }
    if (names[0] !== 'loc') problems.push(`${where}: <loc> missing or not first`);
    for (const child of children) {
      const text = child.textContent ?? '';
      if (child.localName === 'loc') {
        locs.push(text);
        if (text.length < 12 || text.length > 2048) problems.push(`${where}: loc length ${text.length}`);
        if (!URL.canParse(text) || !/^https?:\/\//.test(text))
          problems.push(`${where}: loc not an absolute URL`);
      }
      if (child.localName === 'lastmod' && !(W3C_DATE.test(text) && !Number.isNaN(Date.parse(text)))) {
        problems.push(`${where}: lastmod "${text}" is not a W3C date`);
      }
      if (child.localName === 'changefreq' && !CHANGEFREQ.includes(text))
        problems.push(`${where}: changefreq`);
      if (child.localName === 'priority' && !/^(0(\.\d+)?|1(\.0+)?)$/.test(text))
        problems.push(`${where}: priority`);
    }
  });
  return { problems, locs };
}
