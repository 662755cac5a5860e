import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../app';
import { buttonClass } from '../../ui';
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
