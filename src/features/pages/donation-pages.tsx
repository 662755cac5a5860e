import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../app';
import { buttonClass, Notice } from '../../ui';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

/** Amounts in the URL are reais; formatMoney takes cents. */
const reais = (amount: number) => formatMoney(Math.round(amount * 100));

export function MonthlyDonationPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Doação mensal`}
      title={t`Doe todo mês e acompanhe o que muda`}
      lead={t`Escolha um valor que cabe no seu bolso. A assinatura não ocupa o limite do seu cartão e você cancela quando quiser.`}
    >
      <div className={s.actions}>
        <Link to="/doacao-mensal/checkout" className={buttonClass({ variant: 'accent', size: 'lg' })}>
          <Trans>Quero doar todo mês</Trans>
        </Link>
      </div>
    </PlaceholderPage>
  );
}

export function MonthlyCheckoutPage({ amount }: { amount?: number }) {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`Doação mensal`}
      title={t`Finalize sua doação mensal`}
      lead={t`Contato, pagamento e endereço, com o resumo sempre à vista.`}
    >
      {amount !== undefined ? (
        <p>
          <Trans>Valor por mês:</Trans> <span className={s.amount}>{reais(amount)}</span>
        </p>
      ) : null}
    </PlaceholderPage>
  );
}

export function MonthlyThanksPage({ amount }: { amount?: number }) {
  const { t } = useLingui();
  const value = amount !== undefined ? reais(amount) : undefined;
  return (
    <PlaceholderPage
      title={t`Obrigado por doar todo mês!`}
      lead={
        value
          ? t`Sua doação mensal de ${value} está ativa. O recibo foi enviado para o seu e-mail.`
          : t`Sua doação mensal está ativa. O recibo foi enviado para o seu e-mail.`
      }
    />
  );
}

export function PixDonationPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      eyebrow={t`PIX`}
      title={t`Doe por PIX`}
      lead={t`Gere o QR Code, pague no app do seu banco e pronto: a confirmação aparece aqui sozinha.`}
    />
  );
}

export function DonationThanksPage({ amount }: { amount?: number }) {
  const { t } = useLingui();
  const value = amount !== undefined ? reais(amount) : undefined;
  return (
    <PlaceholderPage
      title={t`Recebemos sua doação!`}
      lead={
        value
          ? t`Sua doação de ${value} já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
          : t`Sua doação já está a caminho da campanha. O recibo foi enviado para o seu e-mail.`
      }
    >
      <Notice>
        <Trans>Compartilhe a campanha com quem você gosta: cada doação ajuda a chegar mais perto da meta.</Trans>
      </Notice>
    </PlaceholderPage>
  );
}
