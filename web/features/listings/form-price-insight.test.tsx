import type { AdInput } from '@common/schemas/ads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormPriceInsight } from './form-price-insight';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Harness({ values }: { values: Partial<AdInput> }) {
  const form = useForm<AdInput>({ defaultValues: { title: '', price: '', ...values } });
  return (
    <>
      <input aria-label="Price" {...form.register('price')} />
      <input aria-label="Model" {...form.register('model')} />
      <FormPriceInsight control={form.control} />
    </>
  );
}

function renderForm(values: Partial<AdInput>, language = 'ro') {
  const fetch = vi.fn(async () => json({ priceInsight: { median: 3800, count: 23, months: 12 } }));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={client}>
        <Harness values={values} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetch;
}

const GLOCK = { brand: 'Glock', model: '17', caliber: '9mm Luger' };

describe('FormPriceInsight', { timeout: 20_000 }, () => {
  it('shows the median of ads like this one, asked with the caliber the text names', async () => {
    const fetch = renderForm({ ...GLOCK, price: '3900' });
    expect(
      await screen.findByText(
        'Preț median pentru Glock 17 (9x19): 3.800 lei, din 23 de anunțuri din ultimele 12 luni',
      ),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.at(0))).toContain(
      '/api/price-insight?brand=Glock&model=17&caliber=9x19',
    );
    // Near the median: no warning.
    expect(screen.queryByTestId('price-insight-low')).not.toBeInTheDocument();
  });

  it('warns calmly, as a status, when the price typed is far below the median', async () => {
    renderForm({ ...GLOCK, price: '2300' }, 'en');
    await screen.findByText('Median price for Glock 17 (9x19): RON 3,800, from 23 ads in the last 12 months');
    // 2,300 is above 60% of 3,800 (2,280): no warning yet.
    expect(screen.queryByTestId('price-insight-low')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '2200' } });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/far below the market/);
    expect(status).toHaveTextContent(/common sign of scams/);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '3500' } });
    expect(screen.queryByTestId('price-insight-low')).not.toBeInTheDocument();
  });

  it('asks nothing while brand, model or a known caliber is missing', async () => {
    const fetch = renderForm({ brand: 'Glock', model: '', caliber: 'calibru ciudat', price: '100' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('price-insight')).not.toBeInTheDocument();
  });
});
