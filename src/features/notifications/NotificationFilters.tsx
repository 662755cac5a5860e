import { Trans, useLingui } from '@lingui/react/macro';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../contracts';
import type { NotificationFilters as Filters, ReadFilter } from '../../../machines/notifications/notifications.machine';
import { Button, Select, visuallyHidden } from '../../ui';
import { readFilterLabels, typeLabels } from './notification-labels';
import * as s from './notifications.css';

const READ_FILTERS: readonly ReadFilter[] = ['all', 'unread', 'read'];

/** Todas / Não lidas / Lidas and the type; each change starts the list again from page 0. */
export function NotificationFilters({
  filters,
  disabled,
  onChange,
}: {
  filters: Filters;
  disabled: boolean;
  onChange: (change: { read?: ReadFilter; notificationType?: NotificationType | null }) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className={s.toolbar}>
      <fieldset className={s.filterGroup}>
        <legend className={visuallyHidden}>
          <Trans>Mostrar</Trans>
        </legend>
        {READ_FILTERS.map((read) => (
          <Button
            key={read}
            variant={filters.read === read ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={filters.read === read}
            disabled={disabled}
            onClick={() => onChange({ read })}
          >
            {i18n._(readFilterLabels[read])}
          </Button>
        ))}
      </fieldset>
      <Select
        className={s.typeFilter}
        label={t`Tipo`}
        value={filters.type ?? ''}
        disabled={disabled}
        placeholder={t`Todos os tipos`}
        options={NOTIFICATION_TYPES.map((type) => ({ value: type, label: i18n._(typeLabels[type]) }))}
        onChange={(event) => onChange({ notificationType: (event.target.value || null) as NotificationType | null })}
      />
    </div>
  );
}
