import type { AdDetail } from '@common/schemas/ads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitPhrase } from './review-wait-api';
import { SubmittedPanel } from './submitted-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad = { id: 'ad-1' } as AdDetail;

const scrollTo = vi.fn();

function renderPanel(answer: Response, language = 'ro') {
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  const onPostAnother = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SubmittedPanel ad={ad} onPostAnother={onPostAnother} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onPostAnother;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SubmittedPanel', { timeout: 20_000 }, () => {
  it('says the ad was sent, how long review usually takes and what each decision means', async () => {
    const onPostAnother = renderPanel(json({ medianMinutes: 150, sample: 12 }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Anunțul a fost trimis spre verificare!' });
    expect(heading).toHaveFocus();
    // The long form it replaced left the page scrolled down: it starts from the top.
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(
      await screen.findByText('De obicei, un moderator decide în aproximativ 3 ore.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/rămâne pe site 60 de zile/)).toBeInTheDocument();
    expect(screen.getByText(/editezi anunțul și îl trimiți din nou/)).toBeInTheDocument();
    expect(screen.getByText(/motivul îl primești pe e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anunțurile mele' })).toHaveAttribute(
      'href',
      '/dashboard/listings',
    );
    expect(screen.getByRole('link', { name: 'Vezi anunțul' })).toHaveAttribute('href', '/ad/ad-1');
    fireEvent.click(screen.getByRole('button', { name: 'Publică alt anunț' }));
    expect(onPostAnother).toHaveBeenCalledTimes(1);
  });

  it('with too few decisions to tell, or no answer at all, says something general and true', async () => {
    renderPanel(json({ medianMinutes: null, sample: 2 }), 'en');
    expect(await screen.findByText('A moderator will review it as soon as possible.')).toBeInTheDocument();
    cleanup();
    renderPanel(json({ error: { code: 'internal_error', message: 'x' } }, 500));
    expect(await screen.findByText('Un moderator îl verifică cât mai curând posibil.')).toBeInTheDocument();
  });
});

describe('waitPhrase', () => {
  it.each([
    [20, 'post.next.wait.underAnHour', undefined],
    [59, 'post.next.wait.underAnHour', undefined],
    [60, 'post.next.wait.hours', 1],
    [150, 'post.next.wait.hours', 3],
    [23 * 60, 'post.next.wait.hours', 23],
    [24 * 60 - 20, 'post.next.wait.days', 1],
    [60 * 60, 'post.next.wait.days', 3],
  ] as const)('%i minutes: %s %s', (minutes, key, count) => {
    expect(waitPhrase(minutes)).toEqual(count === undefined ? { key } : { key, count });
  });
});
