import { describe, expect, it } from 'vitest';
import { findIbans, isValidIban } from './iban';
import {
  carriesContact,
  detectMessageRisks,
  MESSAGE_RULE_IDS,
  type MessageRuleId,
  ownHostOf,
} from './message-rules';

/**
 * Every rule with messages that must trigger it and messages that must not, in both languages. The
 * false cases are the ordinary talk of a sale that sits nearest to each rule.
 */
const EXAMPLES: Record<MessageRuleId, Record<'ro' | 'en', { yes: string[]; no: string[] }>> = {
  link: {
    ro: {
      yes: [
        'Uite poze aici: https://imgur.com/a/x1y2',
        'Intră pe www.livrare-sigura.ro și completează',
        'detalii pe olx-plata.com/confirm',
      ],
      no: [
        'Glock 17 gen.5, cal.9x19, stare foarte bună',
        'Prețul e 4.500 lei, negociabil.',
        'Vezi și anunțul https://armamarket.ro/ad/123',
      ],
    },
    en: {
      yes: ['Photos at http://bit.ly/abc123', 'Fill in your details on secure-pay.online'],
      no: ['It is a Gen.5 with 3 mags, p.s. no trades', 'Barrel is 4.5 inches long.'],
    },
  },
  email: {
    ro: {
      yes: ['Scrie-mi pe ion.popescu@gmail.com', 'adresa mea e ion (at) yahoo (dot) com'],
      no: ['Trimit detalii aici, pe platformă.', 'Arma e la @armurier în Cluj'],
    },
    en: {
      yes: ['Email me at john.smith@outlook.com', 'mail me: john [at] proton.me'],
      no: ['Reply here please, at your convenience.', 'I am @ the range on Sunday'],
    },
  },
  phone: {
    ro: {
      yes: ['Sună-mă la 0723 456 789', 'tel +40 745-123-456', 'fix: 0264.123.456', 'WhatsApp 0040722111222'],
      no: [
        'Prețul e 4.500 lei, am 1500 de cartușe',
        'ne vedem pe 03.12.2024 10:30 la armurier',
        'seria 12345678',
      ],
    },
    en: {
      yes: ['Call me on +44 7911 123456', 'my number is +1 (212) 555-0199', 'text 0049 151 23456789'],
      no: ['Price is 4,500, bought in 2019, 200 rounds through it', 'Meet at 10:30 on 12.03.2025'],
    },
  },
  iban: {
    ro: {
      yes: ['Trimite în contul RO49 AAAA 1B31 0075 9384 0000', 'IBAN: RO49AAAA1B31007593840000 titular Ion'],
      no: ['Contul RO49 AAAA 1B31 0075 9384 0001 (greșit)', 'Seria armei: RO12 3456 7890 1234 5678 9012'],
    },
    en: {
      yes: ['Pay to GB29 NWBK 6016 1331 9268 19 please', 'Account DE89370400440532013000'],
      no: ['Account GB29 NWBK 6016 1331 9268 18 (one digit off)', 'Serial DE12345 and a spare mag'],
    },
  },
  advance_payment: {
    ro: {
      yes: [
        'Vă rog plata în avans, apoi trimit arma',
        'Cer un avans de 500 lei',
        'Lăsați o arvună și o rezerv',
        'Trimite-mi banii înainte și expediez',
      ],
      no: [
        'Mulțumesc în avans pentru răspuns!',
        'Am un nivel avansat de tragere',
        'Plata la predare, la armurier',
      ],
    },
    en: {
      yes: [
        'I need an advance payment first',
        'Please pay upfront and I ship',
        'Send a deposit to hold it',
        'Payment in advance only',
      ],
      no: [
        'Thanks in advance for your answer',
        'We pay at the gun shop when we meet',
        'It has an advanced trigger',
      ],
    },
  },
  courier_link: {
    ro: {
      yes: [
        'Trimit prin curier, completează datele pe linkul primit',
        'Fan Courier: plătești aici fan-livrare.ro/plata',
      ],
      no: ['Pot trimite prin curier la un armurier din orașul tău', 'Livrarea se face doar prin armurier'],
    },
    en: {
      yes: ['The courier will send you a link to pay', 'Delivery details here: dpd-parcel.com/track'],
      no: ['Courier to a licensed dealer only', 'Delivery is done through the gun shop'],
    },
  },
  verification_code: {
    ro: {
      yes: ['Spune-mi codul de verificare primit', 'Trimite-mi codul primit prin SMS'],
      no: ['Am verificat codul armei la poliție', 'Verificare la armurier înainte de predare'],
    },
    en: {
      yes: ['Tell me the verification code you got', 'Send me the code you received by SMS'],
      no: ['I verified the serial with the police', 'Dress code at the range is casual'],
    },
  },
  money_transfer: {
    ro: {
      yes: ['Plata prin Western Union, vă rog', 'Trimiteți prin MoneyGram pe numele meu'],
      no: ['Plata cash la predare', 'Transfer de permis la poliție'],
    },
    en: {
      yes: ['Send it by westernunion', 'Money Gram works for me'],
      no: ['Cash on handover', 'Union of shooters meeting on Sunday'],
    },
  },
  card_request: {
    ro: {
      yes: [
        'Dă-mi numărul cardului ca să-ți trimit banii',
        'Am nevoie de datele de pe card și CVV',
        'Trimite poza cardului, fața și spatele',
      ],
      no: ['Am un card de membru la club', 'Plătesc cu cardul la armurier', 'Cardul de tir e valabil'],
    },
    en: {
      yes: ['Send me your card number to receive the money', 'I need the card details and the CVV'],
      no: ['I have a club membership card', 'I can pay by card at the shop'],
    },
  },
  fake_protection: {
    ro: {
      yes: [
        'Folosim Siguranța achiziției, e mai sigur',
        'Am comandat prin OLX livrare',
        'Plată securizată prin link',
      ],
      no: ['Siguranța armei funcționează perfect', 'Livrarea se face la armurier'],
    },
    en: {
      yes: ['We can use Buyer Protection for this', 'I paid through the secure payment page'],
      no: ['The safety catch works fine', 'Safe storage box included'],
    },
  },
};

describe('message rules', () => {
  it('has true and false examples in both languages for every rule', () => {
    for (const id of MESSAGE_RULE_IDS) {
      for (const language of ['ro', 'en'] as const) {
        expect(EXAMPLES[id][language].yes.length, `${id} ${language}`).toBeGreaterThan(0);
        expect(EXAMPLES[id][language].no.length, `${id} ${language}`).toBeGreaterThan(0);
      }
    }
  });

  for (const id of MESSAGE_RULE_IDS) {
    for (const language of ['ro', 'en'] as const) {
      const { yes, no } = EXAMPLES[id][language];
      it.each(yes)(`${id} (${language}) triggers on %s`, (body) => {
        expect(detectMessageRisks(body, ['armamarket.ro'])).toContain(id);
      });
      it.each(no)(`${id} (${language}) stays quiet on %s`, (body) => {
        expect(detectMessageRisks(body, ['armamarket.ro'])).not.toContain(id);
      });
    }
  }

  it('leaves an ordinary message alone, whatever the rule', () => {
    expect(detectMessageRisks('Am un card de membru la club')).toEqual([]);
    expect(detectMessageRisks('Bună ziua, mai este disponibilă? Pot veni sâmbătă la armurier.')).toEqual([]);
    expect(detectMessageRisks('Hello, is it still available? I can meet at a gun shop on Saturday.')).toEqual(
      [],
    );
  });

  it('reads diacritics in either form (ş with a cedilla, ș with a comma) and any case', () => {
    expect(detectMessageRisks('PLATĂ ÎN AVANS')).toEqual(['advance_payment']);
    expect(detectMessageRisks('Siguranţa achiziţiei')).toEqual(['fake_protection']);
  });

  describe('links to the site itself', () => {
    const own = [ownHostOf('https://www.armamarket.ro')];
    it.each([
      'Uite anunțul meu: https://armamarket.ro/ad/0b6f4c1e-1c2d-4f1e-9a8b-1234567890ab',
      'Vezi www.armamarket.ro/browse?q=glock.',
      'Check armamarket.ro/seller/abc, same seller',
      'http://ARMAMARKET.RO/ad/1 (the other one)',
      'Is it this one? armamarket.ro',
    ])('does not take %s for a link to another site', (body) => {
      expect(detectMessageRisks(body, own)).not.toContain('link');
    });
    it.each([
      'Plătește aici: https://armamarket.ro.plata-sigura.com/confirm',
      'https://armamarket.ro@evil.example.com/confirm',
      'Intră pe fake-armamarket.ro/plata',
      'Intră pe armamarket-livrare.ro',
      'https://evil.com/armamarket.ro',
      'Vezi armamarket.ro/ad/1 și apoi completează pe secure-pay.online',
    ])('still flags %s', (body) => {
      expect(detectMessageRisks(body, own)).toContain('link');
    });
    it('knows the host with its port, as PUBLIC_URL gives it', () => {
      expect(ownHostOf('http://localhost:3000/')).toBe('localhost:3000');
      expect(
        detectMessageRisks('https://anunturi.example.ro:8443/ad/1', ['anunturi.example.ro:8443']),
      ).toEqual([]);
      expect(detectMessageRisks('https://anunturi.example.ro/ad/1')).toEqual(['link']);
    });
  });

  it('tells which rules carry contact details for the sender’s note', () => {
    expect(carriesContact(detectMessageRisks('Sună-mă la 0723 456 789'))).toBe(true);
    expect(carriesContact(detectMessageRisks('Plata în avans'))).toBe(false);
  });
});

describe('IBAN check digits', () => {
  it('accepts valid IBANs of several countries, joined or grouped', () => {
    expect(isValidIban('RO49AAAA1B31007593840000')).toBe(true);
    expect(isValidIban('RO49 AAAA 1B31 0075 9384 0000')).toBe(true);
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('NO9386011117947')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, an unknown country and a transposition', () => {
    expect(isValidIban('RO49AAAA1B31007593840001')).toBe(false);
    expect(isValidIban('RO48AAAA1B31007593840000')).toBe(false);
    expect(isValidIban('RO49AAAA1B3100759384000')).toBe(false);
    expect(isValidIban('XX49AAAA1B31007593840000')).toBe(false);
    expect(isValidIban('RO49AAAA1B31007593480000')).toBe(false);
  });

  it('finds an IBAN within a sentence, and none that fails its check', () => {
    expect(findIbans('contul ro49 aaaa 1b31 0075 9384 0000 pentru avans')).toEqual([
      'RO49AAAA1B31007593840000',
    ]);
    expect(findIbans('seria RO12 3456 7890 1234 5678 9012')).toEqual([]);
  });
});
