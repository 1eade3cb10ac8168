import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

afterEach(cleanup);

const inLanguage = (lng: string, children: ReactNode) => (
  <I18nextProvider i18n={createTestI18n(lng)}>{children}</I18nextProvider>
);

describe('LoadError', () => {
  it('is an alert with the page’s message, a hint and a Retry that asks again', () => {
    const refetch = vi.fn();
    render(
      inLanguage(
        'en',
        <LoadError message="The ads could not be loaded." query={{ refetch, isFetching: false }} />,
      ),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The ads could not be loaded.');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so while asking again, keeps its place and focus, and does not ask twice', () => {
    const refetch = vi.fn();
    render(inLanguage('ro', <LoadError message="x" query={{ refetch, isFetching: true }} />));
    const button = screen.getByRole('button', { name: 'Se reîncearcă…' });
    button.focus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    fireEvent.click(button);
    expect(refetch).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('with a real query: the failure shows the error, Retry fetches again and the data replaces it', async () => {
    let up = false;
    const fetchAds = vi.fn(async () => {
      if (!up) throw new Error('503');
      return ['Glock 17'];
    });
    function Ads() {
      const query = useQuery({ queryKey: ['ads'], queryFn: fetchAds });
      if (query.isPending) return <p>loading</p>;
      if (query.isError) return <LoadError message="Anunțurile nu au putut fi încărcate." query={query} />;
      return <p>{query.data.join(', ')}</p>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      inLanguage(
        'ro',
        <QueryClientProvider client={client}>
          <Ads />
        </QueryClientProvider>,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Anunțurile nu au putut fi încărcate.');
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByText('Glock 17')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchAds).toHaveBeenCalledTimes(2);
  });
});
