import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../app/page-title';
import { Card, Container, PageHeader } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { failureTexts } from './notification-labels';
import { NotificationFilters } from './NotificationFilters';
import { NotificationList } from './NotificationList';
import { useNotificationsFlow } from './notifications-provider';
import { PreferencesForm } from './PreferencesForm';
import * as s from './notifications.css';

/** /profile/notifications: the donor's notices (filters, selection, read/unread) and preferences. */
export function NotificationsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Notificações`);
  const [view, send] = useNotificationsFlow();
  const { unreadCount, failure, filters } = view;

  return (
    <Container className={s.page}>
      <PageHeader title={t`Notificações`} lead={t`Avisos sobre suas doações e sua carteira, e como você prefere recebê-los.`}>
        <p role="status" aria-live="polite">
          {unreadCount === null ? null : unreadCount === 0 ? (
            <Trans>Tudo lido por aqui.</Trans>
          ) : (
            <Plural value={unreadCount} one="Você tem # notificação não lida." other="Você tem # notificações não lidas." />
          )}
        </p>
      </PageHeader>
      <Card>
        <NotificationFilters
          filters={filters}
          disabled={!view.canFilter}
          onChange={(change) => send({ type: 'notifications.filtered', ...change })}
        />
        <div>
          {failure && failure.operation !== 'count' ? (
            <RetryNotice onRetry={view.failed ? () => send({ type: 'notifications.retried' }) : undefined}>
              {i18n._(failureTexts[failure.operation])}
            </RetryNotice>
          ) : null}
        </div>
        <NotificationList view={view} send={send} />
      </Card>
      <PreferencesForm />
    </Container>
  );
}
