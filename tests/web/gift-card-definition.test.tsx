import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { DesignStep } from '../../src/features/gifts/DesignStep';
import { GiftCardDefinitionPage } from '../../src/features/gifts/GiftCardDefinitionPage';
import { makeUser, renderPage } from './features/harness';

/**
 * /gift-card/definition with the real definition machine: each step refuses what the contracts
 * refuse with the spec's words, the preview follows what is typed, and the confirmed definition is
 * kept for the checkout.
 */

async function open() {
  const page = await renderPage(() => <GiftCardDefinitionPage />, {
    path: '/gift-card/definition',
    user: makeUser({ name: 'Carla Mendes' }),
  });
  await screen.findByRole('heading', { name: '1. O cartão' });
  return page;
}
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
const preview = () => screen.getByRole('figure');
/** The first step's card: value, how many, template and message. */
function designCard(value: string, quantity: string, template: string, message: string) {
  type(/Valor de cada cartão/, value);
  type(/Quantidade de cartões/, quantity);
  fireEvent.click(screen.getByRole('radio', { name: template }));
  type(/^Mensagem/, message);
}

describe('/gift-card/definition', () => {
  beforeEach(() => sessionStorage.clear());

  it("refuses a value under R$ 30,00 or with cents, and a missing message and template, with the spec's words", async () => {
    await open();
    next();
    expect(await screen.findByText('O valor é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A mensagem é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('Escolha um modelo de cartão')).toBeInTheDocument();
    type(/Valor de cada cartão/, '29');
    next();
    expect(await screen.findByText('Valor menor que o permitido')).toBeInTheDocument();
    type(/Valor de cada cartão/, '30,50');
    next();
    expect(await screen.findByText('O valor deve ser em reais inteiros, sem centavos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. O cartão' })).toBeInTheDocument();
  });

  it("puts the buyer's name in as the sender when the account is read after the form shows, never over a sender typed", async () => {
    let accountRead: (name: string) => void = () => undefined;
    function FormBeforeAccount() {
      const [name, setName] = useState('');
      accountRead = setName;
      return <DesignStep design={null} defaultFrom={name} issues={[]} onDraft={() => undefined} onSubmit={() => undefined} />;
    }
    const { unmount } = await renderPage(() => <FormBeforeAccount />, { path: '/gift-card/definition' });
    const sender = () => screen.getByLabelText(/De \(quem envia\)/);
    expect(await screen.findByLabelText(/De \(quem envia\)/)).toHaveValue('');
    act(() => accountRead('Carla Mendes'));
    expect(sender()).toHaveValue('Carla Mendes');
    unmount();

    await renderPage(() => <FormBeforeAccount />, { path: '/gift-card/definition' });
    await screen.findByLabelText(/De \(quem envia\)/);
    type(/De \(quem envia\)/, 'Padaria Boa Massa');
    act(() => accountRead('Carla Mendes'));
    expect(sender()).toHaveValue('Padaria Boa Massa');
  });

  it('walks the card, the shipping, the recipients (no duplicates) and the review, and keeps the definition for the checkout', async () => {
    const { router } = await open();
    expect(screen.getByLabelText(/De \(quem envia\)/)).toHaveValue('Carla Mendes');
    designCard('50', '2', 'Girassol', 'Feliz Natal!');
    // The preview follows what is typed.
    expect(preview()).toHaveTextContent('R$ 50,00');
    expect(preview()).toHaveTextContent('Feliz Natal!');
    expect(preview()).toHaveAccessibleName(/modelo Girassol/);
    next();

    expect(await screen.findByRole('heading', { name: '2. Envio' })).toHaveFocus();
    fireEvent.click(screen.getByLabelText('Por e-mail, assim que o pagamento for confirmado'));
    next();

    expect(await screen.findByRole('heading', { name: '3. Recebedores' })).toBeInTheDocument();
    const card = (n: number) => within(screen.getByRole('group', { name: `Cartão ${n}` }));
    for (const [n, name, email] of [
      [1, 'Ana Souza', 'ana@exemplo.com.br'],
      [2, 'Outra Ana', 'ANA@exemplo.com.br'],
    ] as const) {
      fireEvent.change(card(n).getByLabelText(/^Nome/), { target: { value: name } });
      fireEvent.change(card(n).getByLabelText(/^E-mail/), { target: { value: email } });
      fireEvent.change(card(n).getByLabelText(/^Confirme o e-mail/), { target: { value: email } });
    }
    next();
    expect(await screen.findAllByText('Apague os recebedores duplicados')).not.toHaveLength(0);
    fireEvent.change(card(2).getByLabelText(/^E-mail/), { target: { value: 'bia@exemplo.com.br' } });
    fireEvent.change(card(2).getByLabelText(/^Confirme o e-mail/), { target: { value: 'bea@exemplo.com.br' } });
    next();
    expect(await card(2).findByText('Os e-mails não conferem')).toBeInTheDocument();
    fireEvent.change(card(2).getByLabelText(/^Confirme o e-mail/), { target: { value: 'bia@exemplo.com.br' } });
    next();

    const review = within(await screen.findByRole('region', { name: 'Revisão' }));
    expect(review.getByText('2 × R$ 50,00')).toBeInTheDocument();
    expect(review.getByText('R$ 100,00')).toBeInTheDocument();
    expect(review.getByText(/Ana Souza <ana@exemplo.com.br>, Outra Ana <bia@exemplo.com.br>/)).toBeInTheDocument();
    fireEvent.click(review.getByRole('button', { name: 'Continuar para o pagamento' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/gift-card/checkout'));
    expect(JSON.parse(sessionStorage.getItem('semear.gift-card-order') ?? 'null')).toMatchObject({
      definition: {
        design: { value: 5_000, quantity: 2, template: 'girassol', message: 'Feliz Natal!', from: 'Carla Mendes' },
        shipping: { mode: 'email_now' },
        recipients: [{ email: 'ana@exemplo.com.br' }, { email: 'bia@exemplo.com.br' }],
      },
      placedOrderId: null,
    });
  });

  it('a printable PDF skips the recipients; a scheduled send in the past is refused; back keeps what was typed', async () => {
    await open();
    designCard('30', '5', 'Semente', 'Obrigado pelo ano!');
    next();
    fireEvent.click(await screen.findByLabelText('Por e-mail, no dia e hora que eu escolher'));
    type(/Dia do envio/, '2020-01-01');
    next();
    expect(await screen.findByText('O envio precisa ser depois de agora')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Em PDF para eu imprimir e entregar'));
    next();
    // No recipients step for cards to print: the review is the third step, not the fourth.
    expect(await screen.findByRole('heading', { name: '3. Revisão' })).toBeInTheDocument();
    const review = within(screen.getByRole('region', { name: 'Revisão' }));
    expect(review.getByText('PDF para imprimir, no fim da compra')).toBeInTheDocument();
    expect(review.getByText('R$ 150,00')).toBeInTheDocument();
    fireEvent.click(review.getByRole('button', { name: 'Voltar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    expect(await screen.findByLabelText(/Valor de cada cartão/)).toHaveValue('30');
    expect(screen.getByLabelText(/^Mensagem/)).toHaveValue('Obrigado pelo ano!');
  });

  it('a repeated recipient is removed with its card: one card fewer, the total with it', async () => {
    await open();
    designCard('50', '3', 'Girassol', 'Feliz Natal!');
    next();
    fireEvent.click(await screen.findByLabelText('Por e-mail, assim que o pagamento for confirmado'));
    next();
    await screen.findByRole('heading', { name: '3. Recebedores' });
    const card = (n: number) => within(screen.getByRole('group', { name: `Cartão ${n}` }));
    for (const [n, name, email] of [
      [1, 'Ana Souza', 'ana@exemplo.com.br'],
      [2, 'Ana de novo', 'ana@exemplo.com.br'],
      [3, 'Bia Lima', 'bia@exemplo.com.br'],
    ] as const) {
      fireEvent.change(card(n).getByLabelText(/^Nome/), { target: { value: name } });
      fireEvent.change(card(n).getByLabelText(/^E-mail/), { target: { value: email } });
      fireEvent.change(card(n).getByLabelText(/^Confirme o e-mail/), { target: { value: email } });
    }
    expect(await card(2).findByText('Apague os recebedores duplicados')).toBeInTheDocument();
    // Only the repeated one offers to go.
    expect(card(1).queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    fireEvent.click(card(2).getByRole('button', { name: 'Remover o cartão 2' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Cartão 3' })).not.toBeInTheDocument());
    expect(card(2).getByLabelText(/^Nome/)).toHaveValue('Bia Lima');
    expect(screen.queryByText('Apague os recebedores duplicados')).not.toBeInTheDocument();
    next();
    const review = within(await screen.findByRole('region', { name: 'Revisão' }));
    expect(review.getByText('2 × R$ 50,00')).toBeInTheDocument();
    expect(review.getByText('R$ 100,00')).toBeInTheDocument();
    expect(review.getByText(/Ana Souza <ana@exemplo.com.br>, Bia Lima <bia@exemplo.com.br>/)).toBeInTheDocument();
  });

  it('opened again with a definition whose scheduled send has passed, it starts on the shipping step saying why', async () => {
    const definition = {
      design: { value: 5_000, quantity: 1, template: 'girassol', message: 'Feliz Natal!', from: 'Carla' },
      shipping: { mode: 'email_scheduled', send_at: '2020-01-01T12:00:00.000Z' },
      recipients: [{ name: 'Ana Souza', email: 'ana@exemplo.com.br', email_confirmation: 'ana@exemplo.com.br' }],
    };
    sessionStorage.setItem('semear.gift-card-order', JSON.stringify({ definition, placedOrderId: null }));
    await renderPage(() => <GiftCardDefinitionPage />, { path: '/gift-card/definition', user: makeUser({ name: 'Carla' }) });
    expect(await screen.findByRole('heading', { name: '2. Envio' })).toBeInTheDocument();
    expect(screen.getByText('O envio precisa ser depois de agora')).toBeInTheDocument();
    expect(screen.getByLabelText(/Dia do envio/)).toHaveValue('2020-01-01');
  });
});
