import { useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationItem, NotificationsEvent } from '../../../machines/notifications/notifications.machine';
import { formatDateTime } from '../../app/format';
import { Button, Checkbox, Spinner, visuallyHidden } from '../../ui';
import { typeLabels } from './notification-labels';
import { NotificationText } from './NotificationText';
import type { NotificationsView } from './notifications-provider';
import * as s from './notifications.css';

interface ListProps {
  view: NotificationsView;
  send: (event: NotificationsEvent) => void;
}

/** Selection, bulk read/unread, the list and "Carregar mais". Reads the machine, sends its events. */
export function NotificationList({ view, send }: ListProps) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { notifications, saving, loading } = view;
  const selected = notifications.filter((n) => n.isSelected).length;
  const allSelected = notifications.length > 0 && selected === notifications.length;

  // A notice marked read leaves the list with the button that was focused: focus goes to the heading.
  const mark = (event: Extract<NotificationsEvent, { type: 'notifications.markReadRequested' | 'notifications.markUnreadRequested' }>) => {
    send(event);
    if (event.type === 'notifications.markReadRequested') headingRef.current?.focus();
  };

  return (
    <section aria-labelledby="notifications-list-title">
      <h2 id="notifications-list-title" ref={headingRef} tabIndex={-1} className={s.sectionTitle}>
        <Trans>Seus avisos</Trans>
      </h2>
      {notifications.length > 0 ? (
        <div className={s.bulk}>
          <Checkbox
            label={t`Selecionar todas`}
            checked={allSelected}
            disabled={saving}
            onChange={() => send({ type: allSelected ? 'notifications.noneSelected' : 'notifications.allSelected' })}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={selected === 0 || !view.canMarkRead}
            onClick={() => mark({ type: 'notifications.markReadRequested' })}
          >
            <Trans>Marcar selecionadas como lidas</Trans>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={selected === 0 || !view.canMarkUnread}
            onClick={() => mark({ type: 'notifications.markUnreadRequested' })}
          >
            <Trans>Marcar selecionadas como não lidas</Trans>
          </Button>
        </div>
      ) : null}
      {notifications.length > 0 ? (
        <ul className={s.list} aria-busy={loading || saving}>
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} disabled={saving} send={send} mark={mark} />
          ))}
        </ul>
      ) : view.ready ? (
        <p>
          <Trans>Nenhuma notificação por aqui. Quando algo acontecer com suas doações, avisamos.</Trans>
        </p>
      ) : null}
      {loading ? <Spinner label={t`Carregando notificações`} /> : null}
      {view.canLoadMore ? (
        <div className={s.more}>
          <Button variant="secondary" onClick={() => send({ type: 'notifications.moreRequested' })}>
            <Trans>Carregar mais</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function NotificationRow({
  notification,
  disabled,
  send,
  mark,
}: {
  notification: NotificationItem;
  disabled: boolean;
  send: ListProps['send'];
  mark: (event: Extract<NotificationsEvent, { type: 'notifications.markReadRequested' | 'notifications.markUnreadRequested' }>) => void;
}) {
  const { t, i18n } = useLingui();
  const type = i18n._(typeLabels[notification.type]);
  const when = formatDateTime(notification.created_at);
  const textId = useId();
  return (
    <li className={[s.item, notification.read ? '' : s.unread].filter(Boolean).join(' ')}>
      <Checkbox
        label={<span className={visuallyHidden}>{t`Selecionar: ${type}, ${when}`}</span>}
        checked={notification.isSelected}
        disabled={disabled}
        onChange={(event) =>
          send({ type: event.target.checked ? 'notification.selected' : 'notification.unselected', id: notification.id })
        }
      />
      <div className={s.itemBody}>
        <p id={textId} className={s.text}>
          <NotificationText notification={notification} />
        </p>
        <p className={s.meta}>
          <span>{type}</span>
          <time dateTime={notification.created_at}>{when}</time>
          {notification.read ? null : (
            <span className={s.unreadMark}>
              <Trans>Não lida</Trans>
            </span>
          )}
        </p>
      </div>
      <div className={s.itemAction}>
        {notification.read ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            aria-describedby={textId}
            onClick={() => mark({ type: 'notifications.markUnreadRequested', ids: [notification.id] })}
          >
            <Trans>Marcar como não lida</Trans>
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            aria-describedby={textId}
            onClick={() => mark({ type: 'notifications.markReadRequested', ids: [notification.id] })}
          >
            <Trans>Marcar como lida</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}
