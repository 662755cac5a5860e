import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { filterCovers, WEBHOOK_FILTERS, type WebhookDelivery, type WebhookEndpoint } from '../../../../contracts/admin-webhooks';
import { webhooksMachine, type WebhooksEvent } from '../../../../machines/admin/webhooks.machine';
import { ConfirmCancelledError, formatDateTime, formatNumber, useConfirm } from '../../../app';
import { useListMachineView } from '../../../app/list-machine-view';
import { RetryNotice } from '../../../app/RetryNotice';
import { adminWebhooksApi } from '../../../lib/api/admin-webhooks';
import { Button, Card, Checkbox, Form, FormActions, FormError, Spinner, TextField, TableScroll } from '../../../ui';
import { AdminPage } from '../AdminPage';
import * as s from '../taxonomy/taxonomy.css';

/**
 * /admin/webhooks: where other systems hear of donations, monthly giving, gift cards and campaigns. Each
 * endpoint with its events, its secret (shown once, rotated with a day's overlap), a test event, and its
 * deliveries with every attempt's request and answer, each one replayable.
 */
export function WebhooksPage() {
  const { t, i18n } = useLingui();
  const [view, send] = useListMachineView(webhooksMachine, {
    load: ({ opened }) => adminWebhooksApi.load(opened),
    run: (command) => adminWebhooksApi.run(command),
  });
  const { endpoints, deliveries } = view.data;
  const { opened } = view.params;
  const done = view.done?.command ?? null;
  const revealed = view.done?.revealed ?? null;
  return (
    <AdminPage path="/admin/webhooks">
      <Card>
        <EndpointForm key={done === 'create' ? `made-${endpoints.length}` : 'new'} busy={view.busy} send={send} />
      </Card>
      <div aria-live="polite">
        {view.failure ? <FormError>{view.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
        {revealed ? (
          <div role="status" className={s.panel}>
            <p>
              <Trans>Guarde este segredo agora: ele não aparece de novo. O sistema que recebe usa-o para conferir as assinaturas.</Trans>
            </p>
            <code data-testid="webhook-secret">{revealed.secret}</code>
            <Button type="button" size="sm" variant="ghost" onClick={() => send({ type: 'done.dismissed' })}>
              <Trans>Já guardei</Trans>
            </Button>
          </div>
        ) : done === 'test' ? (
          <p role="status" className={s.muted}>
            <Trans>Evento de teste na fila: sai em até um minuto.</Trans>
          </p>
        ) : null}
      </div>
      {view.unavailable ? (
        <RetryNotice onRetry={() => send({ type: 'list.retried' })}>
          <Trans>Não conseguimos carregar os webhooks agora.</Trans>
        </RetryNotice>
      ) : view.loading && endpoints.length === 0 ? (
        <Spinner label={t`Carregando`} />
      ) : endpoints.length === 0 ? (
        <p className={s.muted}>
          <Trans>Nenhum webhook ainda.</Trans>
        </p>
      ) : (
        <ul className={s.list} aria-label={t`Webhooks`} aria-busy={view.saving || view.loading}>
          {endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              busy={view.busy}
              opened={opened === endpoint.id}
              deliveries={opened === endpoint.id ? deliveries : null}
              send={send}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

/** The filters the form offers: every event, each family, and all of them ('*'); the test event always goes. */
const CHOICES = WEBHOOK_FILTERS.filter((f) => f !== 'webhook.test' && f !== 'webhook.*');

/** A filter as people read it: '*' in words, events and families by the names the receiving system sees. */
function useFilterName() {
  const { t } = useLingui();
  return (filter: string) => (filter === '*' ? t`Todos os eventos` : filter);
}

function EndpointForm({ busy, send }: { busy: boolean; send: (event: WebhooksEvent) => void }) {
  const { t } = useLingui();
  const filterName = useFilterName();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['donation.confirmed', 'donation.refunded']);
  return (
    <Form
      aria-label={t`Novo webhook`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'command.sent', command: { type: 'create', input: { url, description, events: events as never } } });
      }}
    >
      <TextField label={t`Endereço que recebe (https)`} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
      <TextField label={t`Descrição`} value={description} onChange={(e) => setDescription(e.target.value)} />
      <fieldset className={s.fieldset}>
        <legend>
          <Trans>Eventos</Trans>
        </legend>
        <div className={s.actions}>
          {CHOICES.map((filter) => {
            // A filter already taken in by a chosen one ('*', its family) shows as included, not as a choice of its own.
            const included = events.some((chosen) => filterCovers(chosen, filter));
            return (
              <Checkbox
                key={filter}
                label={filterName(filter)}
                checked={included || events.includes(filter)}
                disabled={included}
                onChange={(e) =>
                  setEvents(
                    e.target.checked ? [...events.filter((x) => !filterCovers(filter, x)), filter] : events.filter((x) => x !== filter),
                  )
                }
              />
            );
          })}
        </div>
      </fieldset>
      <FormActions>
        <Button type="submit" disabled={busy}>
          <Trans>Criar webhook</Trans>
        </Button>
      </FormActions>
    </Form>
  );
}

function EndpointRow({
  endpoint,
  busy,
  opened,
  deliveries,
  send,
}: {
  endpoint: WebhookEndpoint;
  busy: boolean;
  opened: boolean;
  deliveries: WebhookDelivery[] | null;
  send: (event: WebhooksEvent) => void;
}) {
  const { t } = useLingui();
  const filterName = useFilterName();
  const confirm = useConfirm();
  const run = (command: Parameters<typeof send>[0]) => send(command);
  const url = endpoint.url;
  const ask = async (title: string, description: string, then: () => void) => {
    try {
      await confirm({ title, description, confirmText: t`Confirmar`, cancelText: t`Cancelar` });
      then();
    } catch (error) {
      if (!(error instanceof ConfirmCancelledError)) throw error;
    }
  };
  const { succeeded, pending, failed } = endpoint.deliveries;
  const [delivered, queued, failures] = [succeeded, pending, failed].map(formatNumber);
  return (
    <li className={s.row} aria-label={url}>
      <div className={s.rowHead}>
        <span>
          <strong>{url}</strong> <span className={s.muted}>{endpoint.description}</span>
          <br />
          <span className={s.muted}>
            {endpoint.events.map(filterName).join(', ')} · {endpoint.secret_hint} ·{' '}
            {endpoint.enabled ? (
              <Trans>ligado</Trans>
            ) : endpoint.disabled_reason === 'gone' ? (
              <Trans>desligado: o endereço respondeu 410</Trans>
            ) : endpoint.disabled_reason === 'failing' ? (
              <Trans>desligado: 3 dias de falhas</Trans>
            ) : (
              <Trans>desligado</Trans>
            )}{' '}
            ·{' '}
            <Trans>
              <Plural value={succeeded} _0={`${delivered} entregues`} one={`${delivered} entregue`} other={`${delivered} entregues`} />,{' '}
              {queued} na fila,{' '}
              <Plural value={failed} _0={`${failures} falharam`} one={`${failures} falhou`} other={`${failures} falharam`} />
            </Trans>
          </span>
        </span>
        <div className={s.actions}>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={busy || !endpoint.enabled}
            onClick={() => run({ type: 'command.sent', command: { type: 'test', id: endpoint.id } })}
          >
            <Trans>Enviar evento de teste</Trans>
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => run({ type: 'command.sent', command: { type: 'setEnabled', id: endpoint.id, enabled: !endpoint.enabled } })}
          >
            {endpoint.enabled ? <Trans>Desligar</Trans> : <Trans>Ligar</Trans>}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void ask(
                t`Trocar o segredo de ${url}?`,
                t`O segredo atual continua valendo por 24 horas, para dar tempo de atualizar quem recebe.`,
                () => run({ type: 'command.sent', command: { type: 'rotate', id: endpoint.id } }),
              )
            }
          >
            <Trans>Trocar o segredo</Trans>
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void ask(t`Apagar o webhook ${url}?`, t`As entregas dele também somem.`, () =>
                run({ type: 'command.sent', command: { type: 'delete', id: endpoint.id } }),
              )
            }
          >
            <Trans>Apagar</Trans>
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-expanded={opened}
            onClick={() => send({ type: 'list.opened', params: { opened: opened ? null : endpoint.id } })}
          >
            <Trans>Entregas</Trans>
          </Button>
        </div>
      </div>
      {opened && deliveries ? <Deliveries endpointId={endpoint.id} deliveries={deliveries} busy={busy} send={send} /> : null}
    </li>
  );
}

function Deliveries({
  endpointId,
  deliveries,
  busy,
  send,
}: {
  endpointId: string;
  deliveries: WebhookDelivery[];
  busy: boolean;
  send: (event: WebhooksEvent) => void;
}) {
  const { t } = useLingui();
  if (deliveries.length === 0) {
    return (
      <p className={s.muted}>
        <Trans>Nenhuma entrega ainda.</Trans>
      </p>
    );
  }
  return (
    <TableScroll label={t`Entregas`}>
      <table className={s.table} aria-label={t`Entregas`}>
        <thead>
          <tr>
            <th scope="col">{t`Evento`}</th>
            <th scope="col">{t`Situação`}</th>
            <th scope="col">{t`Tentativas`}</th>
            <th scope="col">{t`Detalhes`}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const last = delivery.history[0];
            return (
              <tr key={delivery.id}>
                <td>
                  {delivery.event}
                  <br />
                  <span className={s.muted}>{formatDateTime(delivery.created_at)}</span>
                </td>
                <td>
                  {delivery.status === 'succeeded' ? t`entregue` : delivery.status === 'failed' ? t`falhou` : t`na fila`}
                  {delivery.next_attempt_at ? (
                    <>
                      <br />
                      <span className={s.muted}>{t`próxima tentativa ${formatDateTime(delivery.next_attempt_at)}`}</span>
                    </>
                  ) : null}
                </td>
                <td>{delivery.attempts}</td>
                <td>
                  <details>
                    <summary>{last ? `${last.status_code ?? last.error ?? '—'} · ${last.duration_ms} ms` : t`ainda não enviada`}</summary>
                    <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
                    {delivery.history.map((attempt) => (
                      <div key={attempt.at}>
                        <p className={s.muted}>
                          {formatDateTime(attempt.at)} · {attempt.status_code ?? attempt.error}
                        </p>
                        <pre>
                          {Object.entries(attempt.request_headers)
                            .map(([k, v]) => `${k}: ${v}`)
                            .join('\n')}
                        </pre>
                        {attempt.response_body ? <pre>{attempt.response_body}</pre> : null}
                      </div>
                    ))}
                  </details>
                  {delivery.status !== 'pending' ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => send({ type: 'command.sent', command: { type: 'replay', id: endpointId, deliveryId: delivery.id } })}
                    >
                      <Trans>Reenviar</Trans>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
