import type { AxiosInstance } from 'axios';
import { webhookDeliverySchema, webhookEndpointSchema, webhookSecretSchema } from '../../../contracts/admin-webhooks';
import type { WebhookCommand, WebhooksLoaded } from '../../../machines/admin/webhooks.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The webhooks page's calls (docs/api.md, /admin/webhooks…). */
export function createAdminWebhooksApi(http: AxiosInstance) {
  const call = withApiErrors;
  const path = (id: string, rest = '') => `/admin/webhooks/${encodeURIComponent(id)}${rest}`;
  return {
    load: (opened: string | null): Promise<WebhooksLoaded> =>
      call(async () => {
        const [endpoints, deliveries] = await Promise.all([
          http.get('/admin/webhooks'),
          opened ? http.get(path(opened, '/deliveries'), { params: { amount: 50 } }) : null,
        ]);
        return {
          endpoints: webhookEndpointSchema.array().parse(endpoints.data),
          deliveries: deliveries ? webhookDeliverySchema.array().parse(deliveries.data) : null,
        };
      }),
    /** A change; a new endpoint and a rotation answer the secret to show once. */
    run: (command: WebhookCommand): Promise<{ endpointId: string; secret: string } | null> =>
      call(async () => {
        switch (command.type) {
          case 'create': {
            const created = webhookSecretSchema.parse((await http.post('/admin/webhooks', command.input)).data);
            return { endpointId: created.endpoint.id, secret: created.secret };
          }
          case 'rotate': {
            const rotated = webhookSecretSchema.parse((await http.post(path(command.id, '/rotate-secret'))).data);
            return { endpointId: rotated.endpoint.id, secret: rotated.secret };
          }
          case 'setEnabled':
            await http.patch(path(command.id), { enabled: command.enabled });
            return null;
          case 'delete':
            await http.delete(path(command.id));
            return null;
          case 'test':
            await http.post(path(command.id, '/test'));
            return null;
          case 'replay':
            await http.post(path(command.id, '/replay'), { delivery_id: command.deliveryId });
            return null;
        }
      }),
  };
}

export const adminWebhooksApi = createAdminWebhooksApi(defaultHttp);
