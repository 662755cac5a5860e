import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GiftCardOrderResult } from '../../contracts';
import { GiftCardThanksPage } from '../../src/features/gifts/GiftCardThanksPage';
import { makeUser, renderPage } from './features/harness';

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
    recipients: [],
    cards: Array.from({ length: issued }, (_, i) => card(i)),
    money: { purchased: issued * 5000, redeemed: 0, spent: 0, donated_on_expiry: 0, reversed: 0, outstanding: issued * 5000 },
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

afterEach(() => {
  vi.useRealTimers();
  getOrder.mockReset();
  sessionStorage.clear();
});

/** A personal order of two cards for Ana and Bia, in the state given. */
const personal = (order: Partial<GiftCardOrderResult['order']>, cards: GiftCardOrderResult['order']['cards'] = []): GiftCardOrderResult => {
  const base = batch(0);
  return {
    ...base,
    order: {
      ...base.order,
      kind: 'personal',
      quantity: 2,
      issued: cards.length,
      total: 10_000,
      shipping_mode: 'email_now',
      recipients: [
        { name: 'Ana Souza', email: 'ana@exemplo.com.br' },
        { name: 'Bia Lima', email: 'bia@exemplo.com.br' },
      ],
      cards,
      money: null,
      stats: null,
      ...order,
    },
  };
};
const sentTo = (position: number, email: string, delivery: 'sent' | 'scheduled', deliverAt: string | null = null) => ({
  ...card(position),
  recipient_email: email,
  code: null,
  delivery,
  deliver_at: deliverAt,
});
const open = (order: GiftCardOrderResult | null) =>
  renderPage(() => <GiftCardThanksPage order={order} />, { path: '/gift-card/agradecimento', user: makeUser({ name: 'Carla' }) });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('/gift-card/agradecimento of a company batch', () => {
  it('follows the batch while it is issued: how many of how many, then every card with its code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    getOrder.mockResolvedValueOnce(batch(2)).mockResolvedValueOnce(batch(4));
    await renderPage(() => <GiftCardThanksPage order={batch(0)} />, {
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
    issued.order.money = { purchased: 20_000, redeemed: 5000, spent: 3000, donated_on_expiry: 0, reversed: 0, outstanding: 12_000 };
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
    await renderPage(() => <GiftCardThanksPage order={issued} />, {
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

describe('/gift-card/agradecimento says exactly what is true of the order (issue 22)', () => {
  it('a declined order: not paid, nothing charged, no thanks or delivery; trying again puts the same cards back on the checkout', async () => {
    const { router } = await open(personal({ status: 'failed', paid_at: null }));
    expect(await heading('Pagamento não concluído')).toBeInTheDocument();
    expect(
      screen.getByText('O pagamento deste pedido não foi aprovado: nada foi cobrado e nenhum cartão foi emitido.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Obrigado|Enviamos|aguardando/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Baixar/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift-card/checkout'));
    expect(JSON.parse(sessionStorage.getItem('semear.gift-card-order') ?? 'null')).toEqual({
      definition: {
        design: { value: 5000, quantity: 2, template: 'gratidao', message: 'Obrigado pelo ano!', from: 'Padaria Pão Quente' },
        shipping: { mode: 'email_now' },
        recipients: [
          { name: 'Ana Souza', email: 'ana@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' },
          { name: 'Bia Lima', email: 'bia@exemplo.com.br', email_confirmation: 'bia@exemplo.com.br' },
        ],
      },
      placedOrderId: null,
      // A new draft: its declined order did not hold the old one, but nothing of it is reused.
      draftId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('an order still waiting for its payment says so, and nothing about cards sent', async () => {
    await open(personal({ status: 'pending', paid_at: null }));
    expect(await heading('Aguardando o pagamento')).toBeInTheDocument();
    expect(screen.getByText(/Nada foi enviado ainda/)).toBeInTheDocument();
    expect(screen.queryByText(/Enviamos/)).not.toBeInTheDocument();
  });

  it('a scheduled order says when its cards go, not that they went', async () => {
    const at = '2026-12-24T12:00:00.000Z';
    await open(
      personal({ shipping_mode: 'email_scheduled', send_at: at }, [
        sentTo(0, 'ana@exemplo.com.br', 'scheduled', at),
        sentTo(1, 'bia@exemplo.com.br', 'scheduled', at),
      ]),
    );
    expect(await heading('Obrigado! O envio está agendado')).toBeInTheDocument();
    expect(screen.getByText(/2 cartões serão enviados por e-mail em 24\/12\/2026 09:00/)).toBeInTheDocument();
    expect(screen.queryByText(/Enviamos/)).not.toBeInTheDocument();
  });

  it('sent cards: how many went, and no correction asked where nothing bounced', async () => {
    await open(personal({}, [sentTo(0, 'ana@exemplo.com.br', 'sent'), sentTo(1, 'bia@exemplo.com.br', 'sent')]));
    expect(await heading('Obrigado! Seus gift cards foram enviados')).toBeInTheDocument();
    expect(screen.getByText(/Enviamos 2 gift cards por e-mail, cada um para quem vai recebê-lo/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/E-mail correto/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar o cartão' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'pt',
      'Obrigado! Seu gift card foi enviado',
      /Enviamos 1 gift card por e-mail para quem vai recebê-lo/,
      'Obrigado! Seu cartão está pronto',
    ],
    ['en', 'Thank you! Your gift card was sent', /We sent 1 gift card by e-mail to its recipient/, 'Thank you! Your card is ready'],
    ['es', '¡Gracias! Tu gift card fue enviada', /Enviamos 1 gift card por correo a quien la recibe/, '¡Gracias! Tu tarjeta está lista'],
  ] as const)('one card is spoken of in the singular, sent or ready to print (%s)', async (locale, sentTitle, sentLead, readyTitle) => {
    const one = { quantity: 1, total: 5000, recipients: [{ name: 'Ana Souza', email: 'ana@exemplo.com.br' }] };
    const page = (order: GiftCardOrderResult) =>
      renderPage(() => <GiftCardThanksPage order={order} />, { path: '/gift-card/agradecimento', user: makeUser(), locale });
    const sent = await page(personal(one, [sentTo(0, 'ana@exemplo.com.br', 'sent')]));
    expect(await heading(sentTitle)).toBeInTheDocument();
    expect(screen.getByText(sentLead)).toBeInTheDocument();
    sent.unmount();
    await page(personal({ ...one, shipping_mode: 'pdf' }, [card(0)]));
    expect(await heading(readyTitle)).toBeInTheDocument();
  });

  it('a codes-only batch while it is issued: its progress, not "ready", and the files once every code is out', async () => {
    getOrder.mockReturnValue(new Promise(() => {}));
    const codes = batch(0);
    codes.order = { ...codes.order, shipping_mode: 'pdf', quantity: 100, total: 500_000, money: null, stats: null };
    await open(codes);
    expect(await heading('Obrigado! Estamos emitindo seus cartões')).toBeInTheDocument();
    expect(screen.getByText('Emitindo os cartões: 0 de 100')).toBeInTheDocument();
    expect(screen.getByText('Os códigos ficam disponíveis para baixar assim que todos forem emitidos.')).toBeInTheDocument();
    expect(screen.queryByText(/prontos/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Baixar/ })).not.toBeInTheDocument();
  });

  it('a batch once issued: the summary and the downloads come before the cards', async () => {
    const issued = batch(4);
    issued.order = { ...issued.order, shipping_mode: 'pdf', cards: issued.order.cards.map((c) => ({ ...c, delivery: 'pdf' as const })) };
    await open(issued);
    expect(await heading('Obrigado! Seus cartões estão prontos')).toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Baixar os códigos (CSV)' });
    const firstCode = screen.getByText('0b7e4d2c-8a1f-4e6b-9c3d-5f2a7e9b1c00');
    expect(download.compareDocumentPosition(firstCode) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an order this browser may not read: no thanks, how to see it', async () => {
    await open(null);
    expect(await heading('Pedido de gift cards')).toBeInTheDocument();
    expect(
      screen.getByText('Não encontramos este pedido na sua conta. Confira se entrou com a conta que fez a compra.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Obrigado/)).not.toBeInTheDocument();
  });
});
