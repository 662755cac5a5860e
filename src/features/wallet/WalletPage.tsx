import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/auth-context';
import { usePageTitle } from '../../app/page-title';
import { buttonClass, Card, Container, Spinner } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { CausePicker } from './CausePicker';
import { CreditLots } from './CreditLots';
import { NextAutomaticDonation } from './NextAutomaticDonation';
import { RedeemGiftCardForm } from './RedeemGiftCardForm';
import { WalletBalance } from './WalletBalance';
import { WalletStatement } from './WalletStatement';
import { useLiveBalance } from './balance-provider';
import { useWalletPage } from './wallet-page-provider';
import * as s from './wallet.css';

/**
 * /profile/wallet: the live balance, credit lots, the next automatic donation and its cause, the
 * statement. `children` (the monthly giving panel, composed by the route) goes below the balance.
 */
export function WalletPage({ children, giftCardCode }: { children?: ReactNode; giftCardCode?: string }) {
  const { t } = useLingui();
  const { user } = useAuth();
  usePageTitle(t`Carteira`);
  return (
    <Container className={s.page}>
      <h1 className={s.title}>
        <Trans>Carteira</Trans>
      </h1>
      {user ? (
        <Wallet userId={user.id} giftCardCode={giftCardCode}>
          {children}
        </Wallet>
      ) : (
        <Spinner label={t`Carregando`} />
      )}
    </Container>
  );
}

function Wallet({ userId, giftCardCode, children }: { userId: string; giftCardCode?: string; children?: ReactNode }) {
  const { t } = useLingui();
  const { view, chooseCause, showStatementPage, retry, walletChanged } = useWalletPage();
  const { balance } = useLiveBalance(userId);
  const { data } = view;
  const [redeemed, setRedeemed] = useState(0);
  const shownBalance = data?.overview.balance;

  // Credit arriving or leaving (realtime) changes the lots, the statement and the next donation too.
  // Only a new balance refreshes: the page's own answer arriving must not ask again.
  const onBalance = useEffectEvent((live: number | null) => {
    if (live !== null && shownBalance !== undefined && live !== shownBalance) walletChanged();
  });
  useEffect(() => onBalance(balance), [balance]);

  return (
    <>
      <Card className={s.balanceCard}>
        <WalletBalance userId={userId} />
        <Link to="/search" className={buttonClass({ variant: 'primary', size: 'lg' })}>
          <Trans>Doar do meu saldo</Trans>
        </Link>
      </Card>
      <RedeemGiftCardForm
        key={redeemed}
        code={redeemed === 0 ? giftCardCode : ''}
        onRedeemed={() => {
          setRedeemed((count) => count + 1);
          walletChanged();
        }}
      />
      {children}
      {view.loading ? <Spinner label={t`Carregando sua carteira`} /> : null}
      {view.failed ? (
        <RetryNotice onRetry={retry}>
          <Trans>Não conseguimos carregar sua carteira agora.</Trans>
        </RetryNotice>
      ) : null}
      {data ? (
        <>
          <Card>
            <h2 className={s.sectionTitle}>
              <Trans>Próxima doação automática</Trans>
            </h2>
            <NextAutomaticDonation next={data.overview.next_automatic_donation} />
            <CausePicker
              key={data.overview.chosen_cause?.slug ?? ''}
              causes={data.causes}
              chosen={data.overview.chosen_cause}
              saving={view.savingCause}
              onSave={chooseCause}
            />
          </Card>
          <div className={s.grid}>
            <CreditLots lots={data.overview.lots} />
            <WalletStatement statement={data.statement} loading={view.loadingStatement} onPage={showStatementPage} />
          </div>
        </>
      ) : null}
    </>
  );
}
