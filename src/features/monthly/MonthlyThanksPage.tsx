import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatMoney, usePageTitle } from '../../app';
import { buttonClass, Card, Container, PageHeader, Stack } from '../../ui';
import * as s from './monthly.css';

interface Props {
  /** Cents, from the donor's subscription; null when it cannot be read (the page then thanks without it). */
  amount: number | null;
  /** When the next month is charged (from GET /subscriptions/current), when known. */
  nextChargeAt?: string | null;
}

/** /doacao-mensal/agradecimento — thanks, and what happens next (credit now, next charge, the wallet). */
export function MonthlyThanksPage({ amount, nextChargeAt }: Props) {
  const { t } = useLingui();
  usePageTitle(t`Obrigado por doar todo mês!`);
  const value = amount !== null ? formatMoney(amount) : null;
  const next = nextChargeAt ? formatDate(nextChargeAt) : null;
  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader
          title={t`Obrigado por doar todo mês!`}
          lead={
            value
              ? t`Sua doação mensal de ${value} está ativa. O recibo foi enviado para o seu e-mail.`
              : t`Sua doação mensal está ativa. O recibo foi enviado para o seu e-mail.`
          }
        />
        <Card>
          <Stack gap="3">
            <h2 className={s.sectionTitle}>
              <Trans>O que acontece agora</Trans>
            </h2>
            <ul className={s.steps}>
              <li>
                {value ? (
                  <Trans>{value} de crédito já estão na sua carteira Semear para você doar este mês.</Trans>
                ) : (
                  <Trans>O crédito deste mês já está na sua carteira Semear.</Trans>
                )}
              </li>
              <li>
                {next ? (
                  <Trans>A próxima cobrança será em {next}.</Trans>
                ) : (
                  <Trans>A próxima cobrança será no mesmo dia do mês que vem.</Trans>
                )}
              </li>
              <li>
                <Trans>
                  O que você não doar até o fim do mês vai automaticamente para a causa que você mais apoia; a carteira mostra antes quanto,
                  para onde e quando.
                </Trans>
              </li>
            </ul>
          </Stack>
        </Card>
        <div className={s.actions}>
          <Link to="/profile/wallet" className={buttonClass({ variant: 'primary' })}>
            <Trans>Ver minha carteira</Trans>
          </Link>
          <Link to="/search" className={buttonClass({ variant: 'ghost' })}>
            <Trans>Escolher campanhas</Trans>
          </Link>
        </div>
      </Stack>
    </Container>
  );
}
