import type { Category } from './values';

/**
 * The legal category of an ad (issue 12), in the terms of Legea nr. 295/2004 privind regimul armelor
 * și al munițiilor (republicată, M.Of. nr. 425/2014, cu modificările ulterioare). Art. 2 pct. II
 * sorts weapons into the categories of its annex; as amended by Legea nr. 272/2021 (art. I pct. 1):
 *
 *   "1. arme și muniții interzise - armele și munițiile prevăzute în categoria A din anexă, a căror
 *   procurare, deținere, port și folosire sunt interzise persoanelor fizice și juridice, cu excepția
 *   instituțiilor publice care au competențe în domeniul apărării, ordinii publice și securității
 *   naționale, [...] a muzeelor [...]"
 *
 * The lethal weapons are those "supuse autorizării" (categoria B) and "supuse declarării"
 * (categoria C); the non-lethal ones (categoriile D și E) are, by art. 2 pct. I subpct. 2, not
 * firearms at all. Hence the choices below: A cannot be posted (a private seller may not even hold
 * it), B, C and the non-lethal ones can, and accessories and optics are no weapon.
 * Art. 2 pct. I subpct. 4 (Legea nr. 196/2019) makes essential components (barrel, frame, receiver,
 * slide, cylinder, bolt) count as the weapon they belong to: they are posted under B or C too.
 */
export const WEAPON_CATEGORIES = ['firearms', 'long-guns'] as const satisfies readonly Category[];
export const isWeaponCategory = (category: string) =>
  (WEAPON_CATEGORIES as readonly string[]).includes(category);

/** What the form offers for a weapon; `prohibited` is there to explain why it is refused. */
export const LEGAL_CHOICES = ['authorisation', 'declaration', 'non-lethal', 'prohibited'] as const;
export type LegalChoice = (typeof LEGAL_CHOICES)[number];

/** What an ad can carry: the allowed choices, and `not-a-weapon` for accessories and optics. */
export const LEGAL_CATEGORIES = ['authorisation', 'declaration', 'non-lethal', 'not-a-weapon'] as const;
export type LegalCategory = (typeof LEGAL_CATEGORIES)[number];

/** The declaration a seller ticks on every weapon submission; its version is stored with it. */
export const DECLARATION_VERSION = 'v1';

/** Issue 29: the wording of the buyer's attestation that they hold, or will obtain, the purchase authorisation. */
export const BUYER_ATTESTATION_VERSION = 'v1';
/** The legal category whose buyers attest before their first message or offer (Legea 295/2004, art. 2 pct. II). */
export const ATTESTED_CATEGORY: LegalCategory = 'authorisation';
