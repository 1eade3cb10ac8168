import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenameDialog } from './rename-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(language: 'ro' | 'en') {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <RenameDialog search={{ id: 's1', name: 'Glock 17' }} onClose={() => {}} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

// Issue 26: a name with a control character is refused by the shared schema, in the page's language.
describe('RenameDialog', () => {
  it.each([
    ['ro', 'Scrie pe un singur rând, fără tab-uri sau caractere de control invizibile'],
    ['en', 'Keep it on one line, without tabs or invisible control characters'],
  ] as const)('says in %s why a name with a tab or a NUL is refused, and sends nothing', (language, text) => {
    const fetchMock = renderDialog(language);
    const input = screen.getByRole('textbox');
    for (const name of ['Glock\t17', 'Glock\u000017']) {
      fireEvent.input(input, { target: { value: name } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      expect(screen.getByRole('alert').textContent).toBe(text);
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
