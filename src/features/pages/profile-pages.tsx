import { useLingui } from '@lingui/react/macro';
import { PlaceholderPage } from './PlaceholderPage';

export function ContributionsPage() {
  const { t } = useLingui();
  return <PlaceholderPage title={t`Suas contribuições`} lead={t`Todas as suas doações, assinaturas mensais e gift cards, com recibos.`} />;
}

export function WalletPage() {
  const { t } = useLingui();
  return (
    <PlaceholderPage
      title={t`Carteira`}
      lead={t`Seu saldo para doar, os créditos com a data em que vencem e a próxima doação automática.`}
    />
  );
}

export function CardsPage() {
  const { t } = useLingui();
  return <PlaceholderPage title={t`Cartões salvos`} lead={t`Os cartões que você guardou para doar mais rápido. Guardamos só a bandeira e os últimos dígitos.`} />;
}

export function NotificationsPage() {
  const { t } = useLingui();
  return <PlaceholderPage title={t`Notificações`} lead={t`Avisos sobre suas doações e como você prefere recebê-los.`} />;
}
