import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { GiftCardOrderResult } from '../../contracts';
import { GiftCardThanksPage } from '../../src/features/gifts/GiftCardThanksPage';
import { renderPage } from './features/harness';

const getOrder = vi.fn<(id: string) => Promise<GiftCardOrderResult>>();
vi.mock('../../src/lib/api/gift-card-orders', () => ({ giftCardOrdersApi: { getOrder: (id: string) => getOrder(id) } }));

const card = (position: number) => ({
  position,
  recipient_name: `Pessoa ${position + 1}`,
  recipient_email: `pessoa${position + 1}@empresa.com.br`,
  code: `0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c${String(position).padStart(2, '0')}`,
  value: 5000,
  expires_at: '2027-05-25T15:00:00.000Z',
  delivery: 'sent' as const,
  deliver_at: '2026-11-25T15:00:00.000Z',
});
const batch = (issued: number): GiftCardOrderResult => ({
  order: {
    id: 'f1b0c6a2-4a8e-4a55-9a37-0e0c1b1d2e3f',
    kind: 'corporate',
    status: 'paid',
    issued,
    logo_url: null,
    value: 5000,
    quantity: 4,
    total: 20_000,
    template: 'gratidao',
    message: 'Obrigado pelo ano!',
    from: 'Padaria Pão Quente',
    shipping_mode: 'email_now',
    send_at: null,
    payment_method: 'card',
    created_at: '2026-11-25T15:00:00.000Z',
    paid_at: '2026-11-25T15:00:00.000Z',
    cards: Array.from({ length: issued }, (_, i) => card(i)),
    money: { purchased: issued * 5000, redeemed: 0, spent: 0, donated_on_expiry: 0, outstanding: issued * 5000 },
    stats: { issued, delivered: issued, bounced: 0, scheduled: 0, redeemed: 0, spent: 0, expired: 0, donated_on_expiry: 0, causes: [] },
  },
  payment: {
    method: 'card',
    status: 'succeeded',
    failure_code: null,
    card_brand: 'visa',
    card_last4: '1111',
    br_code: null,
    qr_code: null,
    expires_at: null,
    approve_url: null,
    sandbox_pay_url: null,
  },
});

afterEach(() => vi.useRealTimers());

describe('/gift-card/agradecimento of a company batch', () => {
  it('follows the batch while it is issued: how many of how many, then every card with its code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    getOrder.mockResolvedValueOnce(batch(2)).mockResolvedValueOnce(batch(4));
    await renderPage(() => <GiftCardThanksPage type="corporate" order={batch(0)} />, {
      path: '/gift-card/agradecimento',
      url: '/gift-card/agradecimento?type=corporate',
    });
    expect(await screen.findByText('Emitindo os cartões: 0 de 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Emitindo os cartões: 0 de 4' })).toHaveAttribute('max', '4');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Emitindo os cartões: 2 de 4')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c03')).toBeInTheDocument();
    expect(screen.queryByText(/Emitindo os cartões/)).not.toBeInTheDocument();
    expect(getOrder).toHaveBeenCalledTimes(2);
  });

  it('once issued, where the cards and the money stand, the causes reached, and a bounced card first with its correction', async () => {
    const issued = batch(4);
    issued.order.cards[2] = { ...card(2), delivery: 'bounced' };
    issued.order.money = { purchased: 20_000, redeemed: 5000, spent: 3000, donated_on_expiry: 0, outstanding: 12_000 };
    issued.order.stats = {
      issued: 4,
      delivered: 4,
      bounced: 1,
      scheduled: 0,
      redeemed: 1,
      spent: 1,
      expired: 0,
      donated_on_expiry: 0,
      causes: [{ slug: 'cozinha-solidaria-recife', title: 'Cozinha Solidária Recife', amount: 3000 }],
    };
    await renderPage(() => <GiftCardThanksPage type="corporate" order={issued} />, {
      path: '/gift-card/agradecimento',
      url: '/gift-card/agradecimento?type=corporate',
    });
    const table = await screen.findByRole('table', { name: 'Onde estão os cartões e o valor' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/^Emitidos/)).toHaveTextContent(/4\s*R\$\s200,00/);
    expect(row(/^E-mails que voltaram/)).toHaveTextContent('1');
    expect(row(/^Guardados em carteiras/)).toHaveTextContent(/1\s*R\$\s50,00/);
    expect(row(/^Usados em doações/)).toHaveTextContent(/1\s*R\$\s30,00/);
    expect(row(/^Ainda nos cartões/)).toHaveTextContent(/R\$\s120,00/);
    expect(screen.getByRole('link', { name: 'Cozinha Solidária Recife' })).toHaveAttribute('href', '/cozinha-solidaria-recife');
    const items = screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('@empresa.com.br'));
    expect(items[0]).toHaveTextContent('O e-mail para pessoa3@empresa.com.br voltou');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Reenviar o cartão' })).toBeInTheDocument();
  });
});
