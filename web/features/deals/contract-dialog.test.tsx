import type { Deal } from '@common/schemas/deals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

// "Descarcă contractul" (issue 29) against a stubbed fetch: the form's checks, then the PDF saved.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { ContractButton } = await import('./contract-dialog');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the dialog reads of a deal. */
const deal = {
  id: 'd1e2a3l4-0000-4000-8000-000000000000',
  ad: { id: 'a-1', title: 'Pistol Glock 17' },
  role: 'seller',
  status: 'confirmed',
  weapon: true,
} as Deal;

function open(lng: 'ro' | 'en') {
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <ContractButton deal={deal} />
    </I18nextProvider>,
  );
  fireEvent.click(
    screen.getByRole('button', { name: lng === 'ro' ? 'Descarcă contractul' : 'Download the contract' }),
  );
}

const TYPED = {
  sellerName: 'Ștefan Țăranu',
  sellerIdentity: '1800101123456',
  sellerAddress: 'Brașov',
  sellerPermit: 'PA-1',
  buyerName: 'Ioana Mâță',
  buyerIdentity: 'RX 123456',
  buyerAddress: 'București',
  buyerPermit: 'AP-2',
  serialNumber: 'SN-1',
};

describe('the contract dialog', () => {
  it('says what is missing under each field, in the reader’s language, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open('ro');
    expect(screen.getByTestId('contract-privacy')).toHaveTextContent('site-ul nu le păstrează');
    fireEvent.click(screen.getByRole('button', { name: 'Descarcă PDF' }));
    expect(await screen.findAllByText('Scrie numele complet')).toHaveLength(2);
    expect(screen.getAllByText('Scrie adresa')).toHaveLength(2);
    expect(screen.getByText('Scrie seria armei')).toBeInTheDocument();
    // The seller fills it in: their own name comes first, and takes the focus.
    const names = screen.getAllByLabelText('Nume și prenume');
    expect(names[0]).toHaveFocus();
    expect(names[0]).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    // Typing clears that field's message.
    fireEvent.change(names[0]!, { target: { value: 'Ștefan' } });
    expect(screen.getAllByText('Scrie numele complet')).toHaveLength(1);
  });

  it('posts the details and saves the PDF under the server’s file name', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="contract-vanzare-d1e2a3l4.pdf"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open('en');
    const fields = [
      ...screen.getAllByLabelText('Full name'),
      ...screen.getAllByLabelText("CNP, or the identity card's series and number"),
      ...screen.getAllByLabelText('Address'),
    ];
    // Seller first (the seller is filling it in), then the buyer.
    const values = ['Ștefan Țăranu', 'Ioana Mâță', '1800101123456', 'RX 123456', 'Brașov', 'București'];
    for (const [i, field] of fields.entries()) fireEvent.change(field, { target: { value: values[i] } });
    fireEvent.change(screen.getByLabelText('Weapon permit no.'), { target: { value: 'PA-1' } });
    fireEvent.change(screen.getByLabelText('Weapon permit or purchase authorisation no.'), {
      target: { value: 'AP-2' },
    });
    fireEvent.change(screen.getByLabelText('Serial number of the weapon'), { target: { value: ' SN-1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['contract-vanzare-d1e2a3l4.pdf']));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/deals/${deal.id}/contract`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(TYPED);
    // The dialog closes, and with it the typed details.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
