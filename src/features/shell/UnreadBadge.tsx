import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { visuallyHidden } from '../../ui/a11y.css';
import { useUnreadBadge } from './unread-badge-provider';
import * as s from './user-menu.css';

/**
 * A bell linking to /profile/notifications with the unread count (signed-in donors only). Loaded
 * as its own chunk by the account menu, so neither it nor the API client weighs on the first page.
 */
export function UnreadBadge() {
  const count = useUnreadBadge();
  return (
    <Link to="/profile/notifications" className={s.bell}>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      <span className={visuallyHidden}>
        {count > 0 ? (
          <Plural value={count} one="Notificações: # não lida" other="Notificações: # não lidas" />
        ) : (
          <Trans>Notificações</Trans>
        )}
      </span>
      {count > 0 ? (
        <span className={s.count} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
