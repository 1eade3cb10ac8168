import { CARD_IMAGE_SIZES } from '@common/card-image';
import type { AdCard as AdCardData } from '@common/schemas/ads';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdCard } from './ad-card';

afterEach(cleanup);

const now = new Date('2026-06-15T12:00:00Z');

const ad: AdCardData = {
  id: 'ad-1',
  title: 'Glock 17 Gen 5, foarte puțin folosit, cu două încărcătoare',
  category: 'firearms',
  condition: 'like-new',
  price: 4500,
  location: 'Cluj-Napoca',
  county: 'CJ',
  caliber: '9x19 mm',
  caliberId: '9x19',
  action: 'semi-auto',
  featured: true,
  status: 'approved',
  legalCategory: 'authorisation',
  sellerDealer: false,
  reserved: false,
  sellerScore: null,
  createdAt: new Date(now.getTime() - 3 * 86400 * 1000).toISOString(),
  publishedAt: new Date(now.getTime() - 3 * 86400 * 1000).toISOString(),
  image: {
    id: 'img-1',
    card: '/media/a/card.webp',
    cardJpeg: '/media/a/card.jpg',
    large: '/media/a/large.webp',
    largeJpeg: '/media/a/large.jpg',
  },
};

const renderCard = (data: AdCardData, lng = 'en') =>
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <MemoryRouter>
        <AdCard ad={data} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('AdCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('links the whole card to the ad and shows price, badges, location and age', () => {
    renderCard(ad);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/ad/ad-1');
    expect(within(link).getByRole('heading', { name: ad.title })).toBeInTheDocument();
    expect(link.textContent?.replace(/\s/g, ' ')).toContain('RON 4,500');
    expect(within(link).getByText('9x19 mm')).toBeInTheDocument();
    expect(within(link).getByText('Semi-automatic')).toBeInTheDocument();
    expect(within(link).getByText('Like new')).toBeInTheDocument();
    expect(within(link).getByText('Featured')).toBeInTheDocument();
    expect(within(link).getByText('Cluj-Napoca, Cluj County')).toBeInTheDocument();
    expect(within(link).getByText('3 days ago')).toHaveAttribute('datetime', ad.createdAt);
    // The date itself is a tooltip away.
    expect(within(link).getByText('3 days ago').getAttribute('title')).toMatch(/^June 12, 2026/);
  });

  it('speaks Romanian: condition label and relative time, price stays in the ro-RO format', () => {
    renderCard(ad, 'ro');
    const link = screen.getByRole('link');
    expect(within(link).getByText('Ca nou')).toBeInTheDocument();
    expect(within(link).getByText('Promovat')).toBeInTheDocument();
    expect(within(link).getByText('acum 3 zile')).toBeInTheDocument();
    expect(within(link).getByText('Semiautomată')).toBeInTheDocument();
    expect(within(link).getByText('Cluj-Napoca, jud. Cluj')).toBeInTheDocument();
    expect(link.textContent?.replace(/\s/g, ' ')).toContain('4.500 RON');
  });

  it('serves responsive WebP with a lazy JPEG fallback, once the page has painted', async () => {
    const { container } = renderCard(ad);
    // Not with the first paint: the first card's image (the largest) has the network to itself.
    expect(container.querySelector('picture')).toBeNull();
    await waitFor(() => expect(container.querySelector('picture')).not.toBeNull());
    const source = container.querySelector('source');
    expect(source).toHaveAttribute('srcset', `/media/a/card.webp 640w, ${ad.image?.large} 1600w`);
    expect(source).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
    expect(source).toHaveAttribute('type', 'image/webp');
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/media/a/card.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('fetchpriority', 'auto');
  });

  it('loads the first card of a list at once, with high priority (the page’s largest image)', () => {
    const { container } = render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <MemoryRouter>
          <AdCard ad={ad} priority />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows a placeholder without an image and leaves out empty badges', () => {
    renderCard({ ...ad, image: null, featured: false, caliber: null, action: null, price: 12.5 });
    expect(screen.getByRole('img', { name: 'No image' })).toBeInTheDocument();
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2); // the condition and the legal category
    expect(screen.getByRole('link').textContent?.replace(/\s/g, ' ')).toContain('RON 12.50');
  });
});
