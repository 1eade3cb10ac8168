import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowseFilterChips } from './browse-filter-chips';
import { type BrowseFilters, DEFAULT_FILTERS } from './browse-filters';

afterEach(cleanup);

const renderChips = (filters: BrowseFilters, lng = 'ro') => {
  const onRemove = vi.fn();
  const onClear = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <BrowseFilterChips filters={filters} onRemove={onRemove} onClear={onClear} />
    </I18nextProvider>,
  );
  return { onRemove, onClear };
};

describe('BrowseFilterChips', () => {
  it('shows nothing without narrowing filters (search text and sort are not chips)', () => {
    renderChips({ ...DEFAULT_FILTERS, q: 'glock', sort: 'price-asc' });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('names each chip by what pressing it does, in Romanian', () => {
    const { onRemove, onClear } = renderChips({
      ...DEFAULT_FILTERS,
      category: 'long-guns',
      condition: 'like-new',
      county: 'CJ',
      priceMin: '500',
      priceMax: '12000',
      caliber: '9x19',
      action: 'over-under',
      brand: 'Beretta',
    });
    const list = screen.getByRole('list', { name: 'Filtre active' });
    const names = within(list)
      .getAllByRole('button')
      .map((button) => (button.getAttribute('aria-label') ?? button.textContent)?.replace(/\s/g, ' '));
    expect(names).toEqual([
      'Elimină filtrul Arme lungi',
      'Elimină filtrul Ca nou',
      'Elimină filtrul Cluj',
      expect.stringMatching(/^Elimină filtrul de la 500(,00)? RON$/),
      expect.stringMatching(/^Elimină filtrul până la 12\.000(,00)? RON$/),
      'Elimină filtrul 9x19 (9mm Luger)',
      'Elimină filtrul Țevi suprapuse',
      'Elimină filtrul Beretta',
      'Șterge filtrele',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul Cluj' }));
    expect(onRemove).toHaveBeenCalledWith('county');
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul Beretta' }));
    expect(onRemove).toHaveBeenLastCalledWith('brand');
    fireEvent.click(screen.getByRole('button', { name: 'Șterge filtrele' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('offers no "clear all" for a single chip, and speaks English too', () => {
    renderChips({ ...DEFAULT_FILTERS, county: 'B' }, 'en');
    expect(screen.getByRole('button', { name: 'Remove filter București' })).toHaveTextContent('București');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
