import { describe, expect, it } from 'vitest';
import en from '../../web/public/locales/en/validation.json';
import ro from '../../web/public/locales/ro/validation.json';
import { hasControlCharacters, multiLineText, singleLineText, untrimmedSingleLine } from './text';

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const C1 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code));
const CONTROLS = [...C0, '\u007f', ...C1];
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('singleLineText', () => {
  const schema = singleLineText({ error: 'nameRequired' }).min(1, 'nameRequired').max(10, 'nameMax');

  it.each(CONTROLS.map((control) => ({ control, code: control.charCodeAt(0).toString(16) })))(
    'refuses U+$code inside the text',
    ({ control }) => {
      expect(messages(schema.safeParse(`Ion${control}Pop`))).toEqual(['singleLine']);
    },
  );

  it('trims, and keeps the text otherwise as typed', () => {
    expect(schema.parse('  Ion Pop \n')).toBe('Ion Pop');
    expect(schema.parse('Ștefănuț')).toBe('Ștefănuț');
  });

  it('refuses before the length checks: one message, about the control character', () => {
    expect(messages(schema.safeParse(`\u0000${'x'.repeat(40)}`))).toEqual(['singleLine']);
    expect(messages(schema.safeParse('\u0000'))).toEqual(['singleLine']);
  });

  it('keeps its own messages for the rest', () => {
    expect(messages(schema.safeParse('   '))).toEqual(['nameRequired']);
    expect(messages(schema.safeParse('x'.repeat(11)))).toEqual(['nameMax']);
    expect(messages(schema.safeParse(5))).toEqual(['nameRequired']);
  });

  it('takes what looks like a line break but is no control character', () => {
    // Unicode's line and paragraph separators are not controls; mails put every value on one line anyway.
    expect(singleLineText().parse('a\u2028b')).toBe('a\u2028b');
  });
});

describe('multiLineText', () => {
  const schema = multiLineText().max(100, 'max');

  it('keeps line feeds and tabs, and makes Windows and old Mac line ends line feeds', () => {
    expect(schema.parse('Rândul 1\n\tRândul 2')).toBe('Rândul 1\n\tRândul 2');
    expect(schema.parse('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it.each(
    CONTROLS.filter((control) => !'\t\n\r'.includes(control)).map((control) => ({
      control,
      code: control.charCodeAt(0).toString(16),
    })),
  )('refuses U+$code', ({ control }) => {
    expect(messages(schema.safeParse(`Rândul 1\n${control}Rândul 2`))).toEqual(['controlCharacters']);
  });
});

describe('lone surrogates', () => {
  it('become U+FFFD in texts of one line or several, as a text column would store them', () => {
    expect(singleLineText().parse('gl\uD800ock \uDFFF')).toBe('gl\uFFFDock \uFFFD');
    expect(multiLineText().parse('a\uDBFF\nb')).toBe('a\uFFFD\nb');
    expect(singleLineText().parse('\u{1F52B} Glock')).toBe('\u{1F52B} Glock');
  });
});

describe('untrimmedSingleLine', () => {
  it('keeps spaces at the ends and refuses control characters', () => {
    expect(untrimmedSingleLine().parse(' parolă ')).toBe(' parolă ');
    expect(messages(untrimmedSingleLine().safeParse('parolă\t'))).toEqual(['singleLine']);
  });
});

describe('hasControlCharacters', () => {
  it('tells one line from several', () => {
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', 'multi')).toBe(false);
    expect(hasControlCharacters('a\u0085b', 'multi')).toBe(true);
    expect(hasControlCharacters('a b')).toBe(false);
  });
});

describe('the messages', () => {
  it('are in both validation catalogs', () => {
    for (const catalog of [en, ro] as Record<string, string>[]) {
      expect(catalog.singleLine).toBeTruthy();
      expect(catalog.controlCharacters).toBeTruthy();
    }
  });
});
