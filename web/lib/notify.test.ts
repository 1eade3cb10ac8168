import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module for each test: the queue of notices is module state.
let notify: typeof import('./notify').notify;
let showNotices: typeof import('./notify').showNotices;
let AppToaster: typeof import('@web/components/layout/app-toaster').default;

beforeEach(async () => {
  vi.resetModules();
  ({ notify, showNotices } = await import('./notify'));
  ({ default: AppToaster } = await import('@web/components/layout/app-toaster'));
  // jsdom has no matchMedia: the toaster asks it where to stand (phone or wide screen).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notify', () => {
  it('keeps the notices sent before the toaster has loaded and shows them when it mounts', async () => {
    notify({ type: 'error', title: 'Eroare', description: 'Favoritul nu a putut fi salvat.' });
    notify({ type: 'success', title: 'Linkul anunțului a fost copiat.' });
    render(createElement(AppToaster));
    expect(await screen.findByText('Favoritul nu a putut fi salvat.')).toBeInTheDocument();
    expect(await screen.findByText('Linkul anunțului a fost copiat.')).toBeInTheDocument();
  });

  it('shows a notice sent while the toaster is mounted, once', async () => {
    render(createElement(AppToaster));
    act(() => notify({ type: 'success', title: 'Salvat.' }));
    expect(await screen.findAllByText('Salvat.')).toHaveLength(1);
  });

  it('puts the action of a notice in it as a button', async () => {
    const rename = vi.fn();
    render(createElement(AppToaster));
    act(() =>
      notify({
        type: 'success',
        title: 'Căutare salvată',
        action: { label: 'Redenumește', onClick: rename },
      }),
    );
    (await screen.findByRole('button', { name: 'Redenumește' })).click();
    expect(rename).toHaveBeenCalledTimes(1);
  });

  it('hands each waiting notice over once, in order, even when the toaster mounts twice (StrictMode)', () => {
    notify({ type: 'success', title: 'first' });
    notify({ type: 'error', title: 'second' });
    const shown: string[] = [];
    const show = (notice: { title: string }) => shown.push(notice.title);
    const stop = showNotices(show);
    stop();
    notify({ type: 'success', title: 'while unmounted' });
    showNotices(show);
    notify({ type: 'success', title: 'mounted' });
    expect(shown).toEqual(['first', 'second', 'while unmounted', 'mounted']);
  });

  it('keeps only the last few notices if the toaster never loads', () => {
    for (let i = 1; i <= 15; i++) notify({ type: 'error', title: `notice ${i}` });
    const shown: string[] = [];
    showNotices((notice) => shown.push(notice.title));
    expect(shown).toEqual(Array.from({ length: 10 }, (_, i) => `notice ${i + 6}`));
  });
});
