import type { SaleContractInput } from '../../common/schemas/deal-contract';
import listingsEn from '../../web/public/locales/en/listings.json';
import listingsRo from '../../web/public/locales/ro/listings.json';
import type { Block } from './pdf-layout';

/**
 * The sale contract's words (issue 29), in Romanian with the English translation after it. Kept
 * generic on purpose: it names Legea nr. 295/2004 as docs/legal-sources.md does and states no term or
 * fee that no current source read there confirms (the seller's term to have the weapon struck off the
 * permit is the police's to tell: HG 130/2005 art. 13 alin. (1), now repealed, said 10 days and asked
 * for "documentul autentic" of the sale; the matching article of HG 11/2018 was not read).
 */

export type ContractFacts = {
  /** The deal's short reference (its id's first 8 characters). */
  reference: string;
  /** When the seller recorded the sale. */
  date: Date;
  /** Whole lei. */
  price: number;
  ad: {
    title: string;
    /** From the ad; null when the ad has since been purged (its title is kept with the deal). */
    category: string | null;
    legalCategory: string | null;
    brand: string | null;
    model: string | null;
    caliber: string | null;
    action: string | null;
  };
  parties: SaleContractInput;
};

type Language = 'ro' | 'en';
const LOCALE = { ro: 'ro-RO', en: 'en-GB' } as const;
const catalogs = { ro: listingsRo, en: listingsEn } as const;

export const formatDate = (date: Date, language: Language) =>
  new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: 'Europe/Bucharest',
    day: language === 'ro' ? '2-digit' : 'numeric',
    month: language === 'ro' ? '2-digit' : 'long',
    year: 'numeric',
  }).format(date);

/** Whole lei in figures, grouped as each language writes them ("12.500", "12,500"). */
export const formatPrice = (price: number, language: Language) =>
  `${new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 0, useGrouping: 'always' }).format(price)} RON`;

const lookup = (table: Record<string, string>, key: string | null) => (key ? (table[key] ?? key) : null);

/** The ad's values as labels of the language; "—" for what the ad does not say. */
function weaponValues(facts: ContractFacts, language: Language) {
  const listings = catalogs[language];
  const legal = { ...listings.legal.choices, 'not-a-weapon': listings.legal.badge['not-a-weapon'] };
  const { ad } = facts;
  const dash = (value: string | null) => value?.trim() || '—';
  return {
    title: ad.title,
    category: dash(lookup(listings.categories, ad.category)),
    legalCategory: dash(lookup(legal, ad.legalCategory)),
    brand: dash(ad.brand),
    model: dash(ad.model),
    caliber: dash(ad.caliber),
    action: dash(lookup(listings.actions, ad.action)),
    serial: facts.parties.serialNumber,
  };
}

const WORDS = {
  ro: {
    title: 'Contract de vânzare-cumpărare armă',
    intro: (ref: string, date: string) =>
      `Data vânzării: ${date}. Tranzacția ArmaMarket nr. ${ref}. Încheiat între:`,
    seller: 'Vânzător',
    buyer: 'Cumpărător',
    name: 'Nume și prenume',
    identity: 'CNP / act de identitate (serie și număr)',
    address: 'Domiciliul',
    sellerPermit: 'Permis de armă nr.',
    buyerPermit: 'Permis de armă / autorizație de procurare nr.',
    object: '1. Obiectul contractului',
    objectText:
      'Vânzătorul vinde, iar cumpărătorul cumpără, arma descrisă mai jos, cu documentele și accesoriile ei convenite de părți.',
    ad: 'Anunțul',
    category: 'Categoria',
    legalCategory: 'Categoria legală (Legea nr. 295/2004)',
    brand: 'Marca',
    model: 'Modelul',
    caliber: 'Calibrul',
    action: 'Sistemul de funcționare',
    serial: 'Seria armei',
    price: '2. Prețul',
    priceText: (price: string) =>
      `Prețul convenit este de ${price}, plătit de cumpărător vânzătorului la predarea armei, dacă părțile nu au convenit altfel.`,
    duties: '3. Declarațiile și obligațiile părților',
    clauses: [
      '3.1. Vânzătorul declară că deține legal arma, că aceasta este înscrisă în permisul său de armă, că nu este furată și nu face obiectul vreunui litigiu, gaj sau sechestru.',
      '3.2. Arma se predă numai în condițiile Legii nr. 295/2004 privind regimul armelor și al munițiilor: cumpărătorul are, la predare, autorizația de procurare eliberată de poliție pentru această categorie de armă (sau actul pe care poliția îl cere pentru arma respectivă), ori predarea se face prin intermediul unui armurier autorizat. Fără acest act, arma nu se predă.',
      '3.3. După vânzare, vânzătorul se prezintă la Serviciul Arme, Explozivi și Substanțe Periculoase al poliției pentru radierea armei din permisul său de armă, în termenul și cu documentele cerute de poliție.',
      '3.4. Cumpărătorul îndeplinește la poliție formalitățile prin care arma este înscrisă pe numele său, în condițiile legii.',
      '3.5. Părțile răspund pentru exactitatea datelor de identificare trecute în acest contract.',
    ],
    final: '4. Dispoziții finale',
    finalText:
      'Contractul s-a încheiat în două exemplare originale, câte unul pentru fiecare parte. Poliția poate cere ca vânzarea să fie dovedită printr-un anumit înscris (de exemplu, un înscris autentic): întrebați Serviciul Arme al poliției înainte de semnare.',
    signatures: 'Semnăturile',
    signature: 'Semnătura',
    note: 'Model de contract generat de ArmaMarket din tranzacția părților. ArmaMarket nu este parte la acest contract și nu păstrează datele de identificare completate în el. Nu este o consultație juridică.',
    translation: 'English translation',
  },
  en: {
    title: 'Firearm sale and purchase contract',
    intro: (ref: string, date: string) =>
      `Date of the sale: ${date}. ArmaMarket deal no. ${ref}. Made between:`,
    seller: 'Seller',
    buyer: 'Buyer',
    name: 'Full name',
    identity: 'Personal numerical code (CNP) / identity document (series and number)',
    address: 'Address',
    sellerPermit: 'Weapon permit no.',
    buyerPermit: 'Weapon permit / purchase authorisation no.',
    object: '1. Subject of the contract',
    objectText:
      'The seller sells, and the buyer buys, the weapon described below, with the papers and accessories agreed by the parties.',
    ad: 'The ad',
    category: 'Category',
    legalCategory: 'Legal category (Law no. 295/2004)',
    brand: 'Brand',
    model: 'Model',
    caliber: 'Caliber',
    action: 'Action',
    serial: 'Serial number',
    price: '2. Price',
    priceText: (price: string) =>
      `The agreed price is ${price}, paid by the buyer to the seller at the handover of the weapon, unless the parties agreed otherwise.`,
    duties: "3. The parties' statements and obligations",
    clauses: [
      '3.1. The seller declares that they own the weapon lawfully, that it is entered on their weapon permit, and that it is not stolen nor the subject of any dispute, pledge or seizure.',
      '3.2. The weapon is handed over only as Law no. 295/2004 on the regime of arms and ammunition allows: at the handover the buyer holds the purchase authorisation issued by the police for this category of weapon (or the document the police require for this weapon), or the handover goes through an authorised dealer (armurier). Without that document the weapon is not handed over.',
      "3.3. After the sale, the seller goes to the police's Arms, Explosives and Hazardous Substances Service to have the weapon struck off their weapon permit, within the term and with the documents the police require.",
      '3.4. The buyer completes with the police the formalities by which the weapon is registered in their name, as the law requires.',
      '3.5. The parties answer for the accuracy of the identity details written in this contract.',
    ],
    final: '4. Final provisions',
    finalText:
      "The contract was made in two originals, one for each party. The police may require the sale to be proved by a particular document (for example an authenticated one): ask the police's Arms Service before signing.",
    signatures: 'Signatures',
    signature: 'Signature',
    note: 'Contract template generated by ArmaMarket from the parties’ deal. ArmaMarket is not a party to this contract and does not keep the identity details filled in it. This is not legal advice.',
    translation: 'English translation',
  },
} as const;

/** One side's lines: name, identity document, address, permit. */
function partyBlocks(
  words: (typeof WORDS)[Language],
  side: 'seller' | 'buyer',
  facts: ContractFacts,
): Block[] {
  const p = facts.parties;
  const values =
    side === 'seller'
      ? [p.sellerName, p.sellerIdentity, p.sellerAddress, p.sellerPermit]
      : [p.buyerName, p.buyerIdentity, p.buyerAddress, p.buyerPermit];
  const labels = [
    words.name,
    words.identity,
    words.address,
    side === 'seller' ? words.sellerPermit : words.buyerPermit,
  ];
  return [
    { kind: 'space', size: 4 },
    { kind: 'text', text: `${words[side]}:` },
    ...labels.map((label, i): Block => ({ kind: 'field', label, value: values[i] ?? '' })),
  ];
}

/** The whole contract in one language. */
export function contractIn(language: Language, facts: ContractFacts): Block[] {
  const words = WORDS[language];
  const weapon = weaponValues(facts, language);
  const field = (label: string, value: string): Block => ({ kind: 'field', label, value });
  return [
    { kind: 'title', text: words.title },
    { kind: 'text', text: words.intro(facts.reference, formatDate(facts.date, language)) },
    ...partyBlocks(words, 'seller', facts),
    ...partyBlocks(words, 'buyer', facts),
    { kind: 'heading', text: words.object },
    { kind: 'text', text: words.objectText },
    field(words.ad, weapon.title),
    field(words.category, weapon.category),
    field(words.legalCategory, weapon.legalCategory),
    field(words.brand, weapon.brand),
    field(words.model, weapon.model),
    field(words.caliber, weapon.caliber),
    field(words.action, weapon.action),
    field(words.serial, weapon.serial),
    { kind: 'heading', text: words.price },
    { kind: 'text', text: words.priceText(formatPrice(facts.price, language)) },
    { kind: 'heading', text: words.duties },
    ...words.clauses.map((text): Block => ({ kind: 'text', text })),
    { kind: 'heading', text: words.final },
    { kind: 'text', text: words.finalText },
    { kind: 'heading', text: words.signatures },
    field(words.seller, facts.parties.sellerName),
    field(words.signature, '______________________________'),
    { kind: 'space', size: 10 },
    field(words.buyer, facts.parties.buyerName),
    field(words.signature, '______________________________'),
    { kind: 'space', size: 14 },
    { kind: 'note', text: words.note },
  ];
}

/** Romanian first; the English translation starts on a page of its own, under its heading. */
export function saleContractBlocks(facts: ContractFacts): Block[] {
  return [
    ...contractIn('ro', facts),
    { kind: 'pageBreak' },
    { kind: 'heading', text: WORDS.ro.translation },
    ...contractIn('en', facts),
  ];
}

export const CONTRACT_TITLE = WORDS.ro.title;
