import { LEGAL_CATEGORIES } from '@common/legal';
import { GUIDE_SOURCES, LEGAL_GUIDE } from '@common/legal-guide';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LegalGuidePanel } from './legal-guide-panel';

afterEach(cleanup);

function renderPanel(
  legalCategory: (typeof LEGAL_CATEGORIES)[number],
  language: string,
  perspective?: 'buyer' | 'seller',
  level?: 2 | 3,
) {
  const i18n = createTestI18n(language);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <LegalGuidePanel legalCategory={legalCategory} perspective={perspective} level={level} />
    </I18nextProvider>,
  );
  return { ...view, i18n };
}

const weaponCategories = ['authorisation', 'declaration', 'non-lethal'] as const;
const titles = { ro: 'Cum se cumpără legal', en: 'How to buy legally' } as const;
const sectionNames = {
  ro: [
    'Cine poate cumpăra',
    'Actele cumpărătorului',
    'Cât durează și cât costă',
    'Pașii',
    'Ce face vânzătorul după vânzare',
  ],
  en: [
    'Who may buy',
    "The buyer's documents",
    'How long and how much',
    'The steps',
    'What the seller does after the sale',
  ],
} as const;

describe('LegalGuidePanel', () => {
  describe.each(['ro', 'en'] as const)('in %s', (language) => {
    it.each(weaponCategories)(
      'guides a buyer of a %s weapon, collapsed, every text translated',
      (category) => {
        const { container, i18n } = renderPanel(category, language);
        const panel = screen.getByTestId('legal-guide');
        expect(panel).toHaveAttribute('data-legal-category', category);
        expect(screen.getByRole('region', { name: titles[language] })).toBe(panel);

        // Collapsed until asked for; the summary opens it (Enter and Space do the same natively).
        const details = container.querySelector('details')!;
        expect(details.open).toBe(false);
        fireEvent.click(container.querySelector('summary')!);
        expect(details.open).toBe(true);

        const headings = within(panel)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent);
        // The buyer reads who may buy first and what the seller does last.
        expect(headings.slice(0, 5)).toEqual(sectionNames[language]);

        // Every item of the category's guide is there in this language: no raw key, no empty text.
        const guide = LEGAL_GUIDE[category];
        const keys = [
          `intro.${category}`,
          ...guide.who.map((id) => `who.${id}`),
          ...guide.documents.map((id) => `documents.${id}`),
          ...guide.timeCost.map((id) => `timeCost.${id}`),
          ...guide.steps.map((id) => `steps.${id}`),
          ...guide.afterSale.map((id) => `afterSale.${id}`),
        ];
        for (const key of keys) {
          expect(i18n.exists(key, { ns: 'legalGuide', lng: language, fallbackLng: [] }), key).toBe(true);
          expect(panel).toHaveTextContent(i18n.t(key, { ns: 'legalGuide' }));
        }
        expect(panel.textContent).not.toMatch(/\b(who|documents|steps|afterSale|timeCost)\.\w+/);

        // The official pages, opened apart from the ad.
        const links = within(panel).getAllByRole('link');
        expect(links.map((a) => a.getAttribute('href'))).toEqual(
          guide.sources.map((id) => GUIDE_SOURCES[id]),
        );
        for (const link of links) {
          expect(link).toHaveAttribute('target', '_blank');
          expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        }
      },
    );

    it('names no deadline for striking the weapon off the permit: the police give it', () => {
      renderPanel('authorisation', language);
      const panel = screen.getByTestId('legal-guide');
      // The 10 days of the repealed HG 130/2005 are not stated as current law.
      expect(panel.textContent).not.toMatch(/10 (zile|days)/);
      expect(panel).toHaveTextContent(language === 'ro' ? 'radierea armei' : 'struck off');
    });

    it('shows nothing on an accessory or optic (no authorisation needed)', () => {
      const { container } = renderPanel('not-a-weapon', language);
      expect(container).toBeEmptyDOMElement();
    });

    it('puts the seller first on a sold weapon, under its own title and heading level', () => {
      const { container } = renderPanel('authorisation', language, 'seller', 3);
      const panel = screen.getByTestId('legal-guide');
      const title =
        language === 'ro' ? 'Ce ai de făcut legal după vânzare' : 'What the law asks of you after the sale';
      expect(screen.getByRole('region', { name: title })).toBe(panel);
      expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent(title);
      fireEvent.click(container.querySelector('summary')!);
      expect(container.querySelector('details')!.open).toBe(true);
      const sections = within(panel)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent);
      expect(sections.slice(0, 5)).toEqual([
        sectionNames[language][4],
        ...sectionNames[language].slice(0, 4),
      ]);
    });
  });

  it('covers every legal category an ad can carry', () => {
    expect([...weaponCategories, 'not-a-weapon'].sort()).toEqual([...LEGAL_CATEGORIES].sort());
  });
});
