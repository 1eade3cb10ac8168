import type { LegalCategory } from './legal';

/**
 * The "how to buy legally" guide (issue 29) as data: for each legal category of an ad that is a
 * weapon, which items of each section apply. The texts are in web/public/locales/{ro,en}/legalGuide.json
 * under the same ids; the sources behind them, with the date they were read, in docs/legal-sources.md.
 *
 * Rule kept here: nothing is stated that a source read on 2026-11-27 does not say. Where the current
 * article or term could not be confirmed (the authorisation's processing term and fee, the seller's
 * term to have the weapon struck off the permit), the item says whom to ask and links to the police.
 */
export type GuideCategory = Exclude<LegalCategory, 'not-a-weapon'>;

export const hasLegalGuide = (category: LegalCategory): category is GuideCategory =>
  category !== 'not-a-weapon';

/**
 * The official pages the guide links to.
 * - `policeDocuments`: IPJ Suceava, "Modele cereri/formulare privind activitatea Serviciului Arme,
 *   Explozivi și Substanțe Periculoase": the list of documents "pentru obținerea autorizării în vederea
 *   procurării primei arme letale".
 * - `policeService`: IPJ Galați, the arms service, which issues "autorizaţiile pentru procurarea de arme
 *   letale [...] precum şi [...] permisele de armă" and, for non-lethal weapons, "dovezile de notificare
 *   pentru procurarea armelor neletale [...] precum şi [...] certificatele de deţinător".
 * - `policeForms`: IPJ Botoșani, the standard forms; the application "se depune la structura arme,
 *   explozivi şi substanţe periculoase, competentă teritorial cu privire la domiciliul sau rezidenţa
 *   solicitantului [...] şi se soluţionează în termenul prevăzut la art. 14, alin. 2 din Legea nr. 295/2004".
 * - `norms`: Normele metodologice aprobate prin HG nr. 11/2018 (which replaced HG nr. 130/2005).
 */
export const GUIDE_SOURCES = {
  policeDocuments:
    'https://sv.politiaromana.ro/ro/utile/documente-eliberate-de-poli-ie/modele-cereri-formulare-privind-activitatea-serviciului-arme-explozivi-si-substante-periculoase',
  policeService:
    'https://gl.politiaromana.ro/ro/i-p-j-gala-i/servicii-jude-ene/serviciul-arme-explozivi-si-substante-periculoase',
  policeForms:
    'https://bt.politiaromana.ro/ro/informatii-utile/documente-eliberare-acte/formulare-tipizate-privind-activitatea-serviciului-arme-explozivi-si-substante-periculoase',
  norms: 'https://legislatie.just.ro/Public/DetaliiDocumentAfis/197268',
} as const;
export type GuideSource = keyof typeof GUIDE_SOURCES;

/**
 * The documents of a first lethal weapon's purchase authorisation, in the order the police list them
 * (IPJ Suceava, the page above; HG nr. 11/2018, art. 5 alin. (1), as the police's forms pages cite it):
 * "A) cererea tip; B) act de identitate; C) certificat medical [...] cu cel mult 6 luni înaintea
 * depunerii cererii; D) aviz psihologic [...] eliberat, cu cel mult 6 luni înaintea depunerii cererii;
 * E) certificatul de absolvire a unui curs de instruire teoretică şi practică în domeniul armelor şi
 * muniţiilor; F) 2 fotografii color cu dimensiunea 3x4 cm; G) după caz, unul din următoarele documente,
 * care atestă una din calităţile prevăzute la art. 13 din Lege: permis de vânătoare [...], legitimaţie
 * de sportiv de tir [...]".
 */
const FIRST_LETHAL_DOCUMENTS = [
  'application',
  'identity',
  'medical',
  'psychological',
  'course',
  'photos',
  'quality',
] as const;

/** The non-lethal standard application is the same form, "autorizare procurare prima armă letală/neletală (Anexa 1)" (IPJ Botoșani). */
const NON_LETHAL_DOCUMENTS = ['application', 'identity', 'askPolice'] as const;

export type GuideDocument = (typeof FIRST_LETHAL_DOCUMENTS)[number] | (typeof NON_LETHAL_DOCUMENTS)[number];

export type GuideEntry = {
  /** Who may buy: ids of `who.*`. */
  who: readonly string[];
  /** The buyer's documents: ids of `documents.*`. */
  documents: readonly GuideDocument[];
  /** How long and how much: ids of `timeCost.*` (no number a source did not give). */
  timeCost: readonly string[];
  /** The steps at the police or through an armurier: ids of `steps.*`. */
  steps: readonly string[];
  /** What the seller must do after the sale: ids of `afterSale.*`. */
  afterSale: readonly string[];
  sources: readonly GuideSource[];
};

export const LEGAL_GUIDE: Record<GuideCategory, GuideEntry> = {
  authorisation: {
    // Legea 295/2004, art. 2 pct. II (common/legal.ts): "arme letale supuse autorizării". Who may be
    // authorised: the qualities of art. 13, proven by a hunting permit or a sport shooter's licence
    // (document G of the police's list).
    who: ['lethalPermit', 'art13'],
    documents: FIRST_LETHAL_DOCUMENTS,
    // "se soluţionează în termenul prevăzut la art. 14, alin. 2 din Legea nr. 295/2004" (IPJ Botoșani):
    // the term itself and the current fee were not read in a current text, so the police are asked.
    timeCost: ['lawTerm', 'askFee'],
    // Apply where you live (IPJ Botoșani, above; HG 11/2018 art. 5 alin. (1) as cited by IPJ Vâlcea);
    // the police authorise armurieri and intermediaries and the operations they carry out (HG 11/2018,
    // art. 1 alin. (3) lit. c)); the weapon is entered on the buyer's permit by the police (IPJ Galați:
    // the service issues "permisele de armă").
    steps: ['apply', 'checkFirst', 'handover', 'dealer', 'register', 'eArm'],
    // The seller has the weapon struck off the permit. HG 130/2005 art. 13 alin. (1) (as amended by HG
    // 895/2008) set "în termen de 10 zile de la înstrăinarea armei", with "documentul autentic [...] care
    // atestă faptul ca arma a fost înstrăinată"; HG 130/2005 is repealed and the article of HG 11/2018
    // that replaces it was not read, so no number is given: the seller asks the police and goes promptly.
    afterSale: ['strikeOff', 'keepProof'],
    sources: ['policeDocuments', 'policeForms', 'policeService', 'norms'],
  },
  declaration: {
    // Legea 295/2004, art. 2 pct. II (common/legal.ts): "arme letale [...] supuse declarării". Still a
    // lethal weapon; which formality the buyer's county applies was not confirmed in a current text.
    who: ['lethalPermit', 'declarationCheck'],
    documents: FIRST_LETHAL_DOCUMENTS,
    timeCost: ['askTerm', 'askFee'],
    steps: ['apply', 'checkFirst', 'handover', 'dealer', 'register', 'eArm'],
    afterSale: ['strikeOff', 'keepProof'],
    sources: ['policeDocuments', 'policeForms', 'policeService', 'norms'],
  },
  'non-lethal': {
    // IPJ Galați: for non-lethal weapons the police issue "dovezile de notificare pentru procurarea
    // armelor neletale" and "certificatele de deţinător arme neletale"; IPJ Suceava speaks of "arme şi
    // muniţii letale sau neletale supuse autorizării": some need an authorisation, others a notification.
    who: ['nonLethal'],
    documents: NON_LETHAL_DOCUMENTS,
    timeCost: ['askTerm', 'askFee'],
    steps: ['applyNonLethal', 'checkFirst', 'handover', 'eArm'],
    afterSale: ['certificate', 'keepProof'],
    sources: ['policeService', 'policeForms', 'norms'],
  },
};
