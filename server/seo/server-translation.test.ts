import i18next from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from '../../web/lib/use-translation';

// The server's useTranslation keeps the texts it made (issue 27): a kept text must be the one
// i18next would make for that call, in that language, every time.
const CATALOGS = {
  ro: {
    common: {
      probeUnread_one: '{{count}} mesaj',
      probeUnread_few: '{{count}} mesaje',
      probeUnread_other: '{{count}} de mesaje',
      probeHi: 'Salut, {{name}}',
    },
  },
  en: {
    common: {
      probeUnread_one: '{{count}} message',
      probeUnread_other: '{{count}} messages',
      probeHi: 'Hello, {{name}}',
    },
  },
};

function instanceIn(lng: 'ro' | 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: CATALOGS,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function Texts({ counts, name }: { counts: number[]; name: unknown }) {
  const { t } = useTranslation('common');
  const lines = counts.map((count) => t('probeUnread', { count }));
  lines.push(t('probeHi', { name: name as string }));
  return createElement('p', null, lines.join(' | '));
}

const render = (lng: 'ro' | 'en', counts: number[], name: unknown = 'Ana') =>
  renderToString(
    createElement(I18nextProvider, { i18n: instanceIn(lng) }, createElement(Texts, { counts, name })),
  ).replace(/<\/?p>/g, '');

describe("the server's kept translations", () => {
  it('make each plural form and value as i18next does, on every render', () => {
    const first = render('ro', [1, 3, 25, 1]);
    expect(first).toBe('1 mesaj | 3 mesaje | 25 de mesaje | 1 mesaj | Salut, Ana');
    expect(render('ro', [25, 3, 1], 'Ion')).toBe('25 de mesaje | 3 mesaje | 1 mesaj | Salut, Ion');
  });

  it('keep each language apart', () => {
    render('ro', [1, 2]);
    expect(render('en', [1, 2])).toBe('1 message | 2 messages | Hello, Ana');
    expect(render('ro', [1, 2])).toBe('1 mesaj | 2 mesaje | Salut, Ana');
  });

  it('pass calls with values that are not plain through to i18next', () => {
    expect(render('en', [7], { toString: () => 'Maria' })).toBe('7 messages | Hello, Maria');
  });
});
