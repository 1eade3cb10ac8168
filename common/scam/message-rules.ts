import { findIbans } from './iban';

/**
 * What a message may carry that often comes before money lost off the platform (issue 30). The rules
 * are data: each names its patterns, worded ones in Romanian and English, written over the message as
 * `normalizeForRules` leaves it (lower case, no diacritics, one space), so "plată în avans" and
 * "plata in avans" are one pattern. The recipient is warned; the message is delivered all the same.
 */

export const MESSAGE_RULE_IDS = [
  'link',
  'email',
  'phone',
  'iban',
  'advance_payment',
  'courier_link',
  'verification_code',
  'money_transfer',
  'card_request',
  'fake_protection',
] as const;
export type MessageRuleId = (typeof MESSAGE_RULE_IDS)[number];

/** Rules that mean the talk may leave the platform: the sender is told the record protects both sides. */
export const CONTACT_RULES: readonly MessageRuleId[] = ['link', 'email', 'phone'];

export type MessageRule = {
  id: MessageRuleId;
  /** Patterns of no language (addresses, numbers). */
  any?: readonly RegExp[];
  /** Worded patterns, by language. */
  ro?: readonly RegExp[];
  en?: readonly RegExp[];
  /** A match must hold at least this many digits (an international number, not a price). */
  minDigits?: number;
  /** Each of these must match as well: courier wording AND a link. */
  alsoNeeds?: readonly RegExp[];
  /** A check instead of patterns: an IBAN's check digits. */
  check?: (text: string) => boolean;
};

// Top-level domains of the links scams send; a bare "word.word" is no link ("gen.5", "cal.22", "p.s").
const TLD =
  '(?:ro|com|net|org|eu|info|biz|io|co|me|ly|app|site|online|shop|store|top|xyz|link|click|page|live|support|delivery|md|de|uk|it|fr|es|hu|bg|pl|ru|ua|cc|to|gl|gd|sh|su)';
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
/** A URL, or a bare domain not part of an e-mail address. */
const LINK = new RegExp(
  `(?:https?://|www\\.)\\S+|(?<![@.\\w-])${LABEL}(?:\\.${LABEL})*\\.${TLD}\\b(?:/\\S*)?`,
);
const LINK_WORD = /\blink(?:ul|uri|urile|ului)?\b/;
const COURIER =
  /\b(?:curier(?:ul|i|ului)?|courier|fan ?courier|sameday|cargus|dpd|gls|posta romana|delivery|livrare(?:a)?|shipping|awb)\b/;
/** "Mulțumesc în avans", "thanks in advance": politeness, not a payment. */
const THANKS_RO = '(?<!(?:multumesc|multumim|multumiri|mersi) (?:in |))';
const THANKS_EN = '(?<!(?:thanks|thank you|thx|cheers) )';

export const MESSAGE_RULES: readonly MessageRule[] = [
  { id: 'link', any: [LINK] },
  {
    id: 'email',
    any: [
      /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/,
      // Spelt out to slip past a filter: "ion (at) gmail (dot) com", "ion [at] yahoo.com".
      /[a-z0-9._%+-]+ ?[[(] ?(?:at|arond|la) ?[\])] ?[a-z0-9-]+ ?(?:[[(] ?(?:dot|punct) ?[\])]|\.) ?[a-z]{2,}/,
    ],
  },
  {
    id: 'phone',
    any: [
      // Romanian mobiles and landlines (07xx, 02xx, 03xx), with +40, 0040 or nothing, any separators;
      // not a date ("03.12.2024 10:30").
      /(?<![\d.,])(?!0[1-9][./-][01]\d[./-])(?:(?:\+|00) ?40[ .-]?|0)[237](?:[ .-]?\d){8}(?![.,]?\d)/,
      // International: + or 00, a country code and more digits in groups (9 digits at least, below).
      /(?<![\w+])(?:\+|00)[1-9]\d{0,2}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?!\d)/,
    ],
    minDigits: 9,
  },
  { id: 'iban', check: (text) => findIbans(text).length > 0 },
  {
    id: 'advance_payment',
    ro: [
      new RegExp(`${THANKS_RO}\\bavans(?:ul|uri|ului)?\\b`),
      /\barvun(?:a|ei|e)\b/,
      /\b(?:plata|platesti|platiti|plateste|achita|achiti|achitati|trimite|trimiteti|vireaza|virati)(?:-mi|-ne)? (?:\w+ ){0,3}(?:intai|inainte|mai intai)\b/,
    ],
    en: [
      /\badvance (?:payment|fee)\b/,
      new RegExp(`${THANKS_EN}\\bin advance\\b`),
      /\b(?:pay|send)(?: \w+){0,3} (?:upfront|up front|first|beforehand)\b/,
      /\bdeposit\b/,
      /\bprepay(?:ment)?\b/,
    ],
  },
  {
    id: 'courier_link',
    ro: [COURIER],
    en: [COURIER],
    // A courier is ordinary; a courier with a link to follow is the scam.
    alsoNeeds: [new RegExp(`${LINK.source}|${LINK_WORD.source}`)],
  },
  {
    id: 'verification_code',
    ro: [
      /\bcod(?:ul)? (?:de )?(?:verificare|confirmare|activare|securitate)\b/,
      /\bcod(?:ul)? (?:primit )?(?:prin|pe|din) sms\b/,
    ],
    en: [
      /\b(?:verification|confirmation|security|one[- ]time) code\b/,
      /\bcode (?:you )?(?:received|got) (?:by|via|in) (?:sms|text)\b/,
      /\bsms code\b/,
    ],
  },
  { id: 'money_transfer', any: [/\bwestern ?union\b/, /\bmoney ?gram\b/, /\bria money\b/] },
  {
    id: 'card_request',
    any: [/\b(?:cvv2?|cvc)\b/],
    ro: [
      /\b(?:numarul|nr\.?|datele|detaliile|poza|fata|spatele) (?:de pe |complet al |al )?(?:cardului|card)\b/,
    ],
    en: [/\bcard (?:number|details|info)\b/, /\b(?:long|16)[- ]digit number\b/],
  },
  {
    id: 'fake_protection',
    ro: [
      /\bsiguranta (?:achizitiei|tranzactiei|platii)\b/,
      /\b(?:olx|armamarket) (?:livrare|plata|pay|garantie)\b/,
      /\blivrare (?:prin )?olx\b/,
      /\bplata (?:securizata|protejata|garantata)\b/,
    ],
    en: [
      /\bbuyer protection\b/,
      /\b(?:safe|secure|protected) (?:purchase|payment|delivery|checkout)\b/,
      /\b(?:olx|armamarket) (?:delivery|pay|payment)\b/,
    ],
  },
];

/** Lower case, no diacritics (ș ş ț ţ ă â î alike), runs of white space as one space. */
export function normalizeForRules(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

const digitCount = (text: string) => text.replace(/\D/g, '').length;

function matchesRule(rule: MessageRule, text: string): boolean {
  if (rule.check) return rule.check(text);
  const patterns = [...(rule.any ?? []), ...(rule.ro ?? []), ...(rule.en ?? [])];
  const matched = patterns.some((pattern) => {
    const match = text.match(pattern);
    return match !== null && digitCount(match[0]) >= (rule.minDigits ?? 0);
  });
  return matched && (rule.alsoNeeds ?? []).every((pattern) => pattern.test(text));
}

/**
 * A link to the platform itself: the host (any `www.` dropped) with an optional scheme, `www.`, port
 * and path, standing alone. The host must end the address (not "armamarket.ro.evil.com", nor
 * "armamarket.ro@evil.com") and start it (not "fake-armamarket.ro"), or a look-alike would pass
 * for one of ours.
 */
function ownLinkPattern(host: string): RegExp {
  const bare = host.toLowerCase().replace(/^www\./, '');
  const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `(?<![\\w.@-])(?:https?://)?(?:www\\.)?${escaped}(?::\\d+)?(?:[/?#]\\S*|(?=[.,!?;:)\\]"']*(?:\\s|$)))`,
    'g',
  );
}

/** The host of the platform's own address (PUBLIC_URL), as detectMessageRisks takes it. */
export const ownHostOf = (publicUrl: string): string => new URL(publicUrl).host;

/**
 * The rules a message triggers, in MESSAGE_RULE_IDS order; empty for an ordinary message. Links to
 * the platform itself (`ownHosts`, e.g. another ad's page shared in the chat) are no outside link.
 */
export function detectMessageRisks(body: string, ownHosts: readonly string[] = []): MessageRuleId[] {
  let text = normalizeForRules(body);
  for (const host of ownHosts) text = text.replace(ownLinkPattern(host), ' ');
  return MESSAGE_RULES.filter((rule) => matchesRule(rule, text)).map((rule) => rule.id);
}

/** Whether the sender is told that the platform's messages keep a record: a link or contact details. */
export const carriesContact = (rules: readonly MessageRuleId[]) =>
  rules.some((rule) => CONTACT_RULES.includes(rule));
