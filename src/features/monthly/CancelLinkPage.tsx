import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, usePageTitle } from '../../app';
import { messagesOf } from '../../app/report-error';
import { Button, buttonClass, Card, Container, FormError, Notice, PageHeader, Spinner, Stack } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { useCancelLink, type CancelLinkServices } from './cancel-link-provider';
import * as s from './monthly.css';

/**
 * /doacao-mensal/cancelar?token — the link in every monthly e-mail. Shows what it cancels and asks
 * once; no sign-in (the signed token is the proof). States: loading, confirm, canceled, invalid link,
 * already canceled, and "try again" when the server could not be reached.
 */
export function CancelLinkPage({ token, services }: { token?: string; services?: CancelLinkServices }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Cancelar doação mensal`);
  const { view, confirm, retry } = useCancelLink(token ?? null, services);
  const { screen } = view;
  const amount = view.amount === null ? null : formatMoney(view.amount);
  const errorText = () =>
    messagesOf(view.error)
      .map((m) => i18n._(m))
      .join(' ');

  return (
    <Container narrow>
      <Stack gap="6">
        <PageHeader eyebrow={t`Doação mensal`} title={t`Cancelar doação mensal`} />
        {screen === 'loading' ? <Spinner label={t`Carregando…`} /> : null}
        {screen === 'confirm' ? (
          <Card>
            <Stack gap="4">
              <p>
                {amount ? (
                  <Trans>
                    Você doa {amount} por mês. Ao cancelar, nenhuma nova cobrança será feita; o crédito que já está na sua carteira continua
                    valendo até o fim do mês.
                  </Trans>
                ) : null}
              </p>
              {view.failed ? <FormError>{errorText()}</FormError> : null}
              <div className={s.actions}>
                <Button variant="danger" loading={view.canceling} onClick={confirm}>
                  <Trans>Cancelar doação mensal</Trans>
                </Button>
                <Link to="/" className={buttonClass({ variant: 'ghost' })}>
                  <Trans>Manter minha doação</Trans>
                </Link>
              </div>
            </Stack>
          </Card>
        ) : null}
        {screen === 'canceled' ? (
          <Notice>
            <Trans>Sua doação mensal foi cancelada. Obrigado por ter doado com a gente: você pode voltar quando quiser.</Trans>
          </Notice>
        ) : null}
        {screen === 'alreadyCanceled' ? (
          <Notice>
            <Trans>Esta doação mensal já estava cancelada. Nenhuma nova cobrança será feita.</Trans>
          </Notice>
        ) : null}
        {screen === 'invalid' ? (
          <Notice tone="error">
            <Trans>
              Este link de cancelamento não é válido. Use o link do e-mail mais recente ou entre na sua conta para cancelar pela carteira.
            </Trans>
          </Notice>
        ) : null}
        {screen === 'unavailable' ? (
          <RetryNotice onRetry={retry}>
            <Trans>Não conseguimos falar com o servidor. Confira sua conexão e tente de novo.</Trans>
          </RetryNotice>
        ) : null}
        {screen === 'canceled' || screen === 'alreadyCanceled' || screen === 'invalid' ? (
          <div className={s.actions}>
            <Link to="/profile/wallet" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Ir para minha carteira</Trans>
            </Link>
            <Link to="/doacao-mensal" className={buttonClass({ variant: 'ghost' })}>
              <Trans>Conhecer a doação mensal</Trans>
            </Link>
          </div>
        ) : null}
      </Stack>
    </Container>
  );
}
