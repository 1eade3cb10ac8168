import { MESSAGE_RULE_IDS } from '@common/scam/message-rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageSafetyNotes } from './message-safety-notes';

afterEach(cleanup);

type Safety = Parameters<typeof MessageSafetyNotes>[0]['safety'];

function show(safety: Safety, language: 'ro' | 'en' = 'ro') {
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MessageSafetyNotes safety={safety} />
    </I18nextProvider>,
  );
}

// Issue 30: the recipient's warning, the seller's new-account tip and the sender's note.
describe('MessageSafetyNotes', () => {
  it.each([
    ['ro', 'Atenție la acest mesaj', 'Nu plăti avans. Predarea se face la armurier sau în persoană.'],
    [
      'en',
      'Be careful with this message',
      'Do not pay in advance. Hand-over happens at a gun shop or in person.',
    ],
  ] as const)('warns the recipient of an advance in %s, saying what to do', (language, title, advice) => {
    show({ warnings: ['advance_payment'], newAccountTip: false, senderNote: false }, language);
    const warning = screen.getByRole('complementary', { name: title });
    expect(warning.textContent).toContain(advice);
    expect(screen.queryByTestId('message-sender-note')).toBeNull();
    expect(screen.queryByTestId('message-new-account-tip')).toBeNull();
  });

  it('says something of its own for every rule, in both languages', () => {
    for (const language of ['ro', 'en'] as const) {
      show({ warnings: [...MESSAGE_RULE_IDS], newAccountTip: false, senderNote: false }, language);
      const items = within(screen.getByTestId('message-warning')).getAllByRole('listitem');
      expect(items.map((item) => item.getAttribute('data-rule'))).toEqual([...MESSAGE_RULE_IDS]);
      const texts = items.map((item) => item.textContent ?? '');
      for (const text of texts) expect(text).not.toMatch(/^safety\./);
      expect(new Set(texts).size).toBe(texts.length);
      cleanup();
    }
  });

  it('tells the sender of contact details that the record protects both sides', () => {
    show({ warnings: [], newAccountTip: false, senderNote: true }, 'en');
    expect(screen.getByTestId('message-sender-note').textContent).toContain(
      'Messages on the platform are kept on record, which protects you both',
    );
    expect(screen.queryByTestId('message-warning')).toBeNull();
  });

  it('gives the seller the tip on a first message from a new account', () => {
    show({ warnings: [], newAccountTip: true, senderNote: false }, 'ro');
    expect(screen.getByTestId('message-new-account-tip').textContent).toContain('cont nou');
  });

  it('draws nothing when the server says nothing', () => {
    const { container } = show(undefined);
    expect(container.innerHTML).toBe('');
    cleanup();
    const empty = show({ warnings: [], newAccountTip: false, senderNote: false });
    expect(empty.container.innerHTML).toBe('');
  });
});
