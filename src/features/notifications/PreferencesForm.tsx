import { Trans, useLingui } from '@lingui/react/macro';
import { NOTIFICATION_CHANNELS } from '../../../contracts';
import { Button, Card, Checkbox, Notice, Spinner } from '../../ui';
import { RetryNotice } from '../../app/RetryNotice';
import { channelLabels, typeLabels } from './notification-labels';
import { usePreferencesFlow } from './notifications-provider';
import * as s from './notifications.css';
import * as field from './preferences.css';

/** What the donor hears about and how (GET/PUT /notification-preferences). */
export function PreferencesForm() {
  const { t, i18n } = useLingui();
  const [view, send] = usePreferencesFlow();
  const { available, draft, failureCode, saving, dirty } = view;

  return (
    <Card>
      <section aria-labelledby="notification-preferences-title">
        <h2 id="notification-preferences-title" className={s.sectionTitle}>
          <Trans>Como você quer ser avisado</Trans>
        </h2>
        {view.loading ? <Spinner label={t`Carregando preferências`} /> : null}
        {view.failed ? (
          <RetryNotice onRetry={() => send({ type: 'preferences.retried' })}>
            <Trans>Não conseguimos carregar suas preferências.</Trans>
          </RetryNotice>
        ) : null}
        {view.editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'preferences.submitted' });
            }}
          >
            <div className={field.groups}>
              <fieldset className={field.fieldset}>
                <legend className={field.legend}>
                  <Trans>Avisar quando</Trans>
                </legend>
                {available.map((type) => (
                  <Checkbox
                    key={type}
                    label={i18n._(typeLabels[type])}
                    checked={draft.types.includes(type)}
                    disabled={saving}
                    onChange={() => send({ type: 'preferences.typeToggled', notificationType: type })}
                  />
                ))}
              </fieldset>
              <fieldset className={field.fieldset}>
                <legend className={field.legend}>
                  <Trans>Por onde</Trans>
                </legend>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Checkbox
                    key={channel}
                    label={i18n._(channelLabels[channel])}
                    checked={draft.channels.includes(channel)}
                    disabled={saving}
                    onChange={() => send({ type: 'preferences.channelToggled', channel })}
                  />
                ))}
                {draft.channels.length === 0 ? (
                  <p className={field.hint}>
                    <Trans>Sem nenhum canal, você não recebe avisos de nada.</Trans>
                  </p>
                ) : null}
              </fieldset>
            </div>
            {failureCode !== null ? (
              <Notice tone="error">
                <Trans>Não conseguimos salvar suas preferências. Suas escolhas continuam aqui; tente de novo.</Trans>
              </Notice>
            ) : null}
            <div className={s.actions}>
              <Button type="submit" loading={saving} disabled={!dirty}>
                <Trans>Salvar preferências</Trans>
              </Button>
              <Button variant="ghost" disabled={!dirty || saving} onClick={() => send({ type: 'preferences.reset' })}>
                <Trans>Desfazer alterações</Trans>
              </Button>
            </div>
          </form>
        ) : null}
      </section>
    </Card>
  );
}
