import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../../app/auth/auth-context';
import { FailureAlert } from '../../app/forms/FailureAlert';
import { formatDate, formatMoney } from '../../app/format';
import { usePageTitle } from '../../app/page-title';
import { RetryNotice } from '../../app/RetryNotice';
import { Button, buttonClass, Card, Container, Form, FormActions, Notice, PageHeader, Spinner, Stack, TextField } from '../../ui';
import { useRedeemCard, type RedeemCardServices } from './use-redeem-card';
import * as s from './gifts.css';

/**
 * /gift-card/resgatar?code=…: what a card has and until when; a signed-in donor keeps it in the
 * wallet, a visitor is offered to sign in or sign up and comes back here; anyone can give with the
 * code in any checkout.
 */
export function RedeemCardPage({ code, services }: { code?: string; services?: RedeemCardServices }) {
  const { t } = useLingui();
  usePageTitle(t`Resgatar gift card`);
  const { status } = useAuth();
  return (
    <Container narrow className={s.page}>
      <PageHeader eyebrow={t`Gift card`} title={t`Resgatar gift card`} />
      {!code ? (
        <CodeForm />
      ) : status === 'loading' ? (
        <Spinner label={t`Carregando…`} />
      ) : (
        <Redeem key={status} code={code} signedIn={status === 'signedIn'} services={services} />
      )}
    </Container>
  );
}

function CodeForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  return (
    <Form
      aria-label={t`Código do gift card`}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: '/gift-card/resgatar', search: { code: code.trim().toLowerCase() } });
      }}
    >
      <TextField
        label={t`Código do gift card`}
        hint={t`Está no e-mail ou no cartão impresso.`}
        autoComplete="off"
        spellCheck={false}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormActions>
        <Button type="submit">
          <Trans>Ver o cartão</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}

function Redeem({ code, signedIn, services }: { code: string; signedIn: boolean; services?: RedeemCardServices }) {
  const { t } = useLingui();
  const [view, send] = useRedeemCard(code, signedIn, services);
  if (view.screen === 'loading') return <Spinner label={t`Consultando o gift card…`} />;
  if (view.screen === 'unavailable')
    return (
      <RetryNotice onRetry={() => send({ type: 'card.retried' })}>
        <Trans>Não conseguimos consultar o gift card agora.</Trans>
      </RetryNotice>
    );
  if (view.screen === 'notFound')
    return (
      <Notice tone="error">
        <Trans>Gift-card não encontrado. Confira o código: ele pode ter vencido ou já ter sido usado.</Trans>
      </Notice>
    );
  if (view.screen === 'redeemed' && view.redeemed) {
    const amount = formatMoney(view.redeemed.amount);
    const until = formatDate(view.redeemed.expires_at);
    const when = formatDate(view.redeemed.redeemed_at);
    return (
      <Card>
        <Stack gap="4">
          <p role="status">
            {view.redeemed.already_redeemed ? (
              <Trans>
                Você já resgatou este cartão em {when}: os {amount} dele já estão na sua carteira, para doar até {until}.
              </Trans>
            ) : (
              <Trans>
                Pronto! {amount} estão na sua carteira, para doar até {until}.
              </Trans>
            )}
          </p>
          <div className={s.actions}>
            <Link to="/search" className={buttonClass({ variant: 'accent' })}>
              <Trans>Escolher uma causa</Trans>
            </Link>
            <Link to="/profile/wallet" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Ver minha carteira</Trans>
            </Link>
          </div>
        </Stack>
      </Card>
    );
  }
  if (!view.card) return null;
  const balance = formatMoney(view.card.balance);
  const until = formatDate(view.card.expires_at);
  return (
    <Card>
      <Stack gap="4">
        <p className={s.cardValue}>{balance}</p>
        <p>
          <Trans>Válido até {until}. O que não for usado até lá é doado automaticamente.</Trans>
        </p>
        <p className={s.muted}>
          <Trans>Guarde o valor na sua carteira para doar aos poucos, ou use o código no pagamento de qualquer doação.</Trans>
        </p>
        <FailureAlert failure={view.failure} />
        <div className={s.actions}>
          <Button loading={view.redeeming} onClick={() => send({ type: 'redeem.requested' })}>
            <Trans>Guardar na minha carteira</Trans>
          </Button>
          <Link to="/search" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Doar agora com o código</Trans>
          </Link>
        </div>
      </Stack>
    </Card>
  );
}
