import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardInputSchema, cardTokenSchema } from '../../contracts/cards';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { HttpError } from '../http/http-error';
import { renderMessagePage, renderPaypalPage, renderPixPage, SANDBOX_PAGE_CSP } from '../services/payments/sandbox/pages';
import { SANDBOX_GATEWAY_PREFIX, type SandboxGateway } from '../services/payments/sandbox/sandbox-gateway';
import { pixQrImage } from '../services/payments/pix/qr-image';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { pathParam } from '../../contracts/plain-text';

/**
 * The embedded sandbox gateway's HTTP face (docs/design.md §7), mounted at /sandbox-gateway, outside
 * /api/v1: the browser tokenises cards here, PIX charges are "paid" here, PayPal orders approved
 * here. Confirmations reach our API only through the signed webhook.
 */

const txidParams = z.object({ txid: pathParam() });
const orderParams = z.object({ id: pathParam() });
const TXID = /^[A-Za-z0-9]{1,25}$/;
const ORDER_ID = /^PAY-[A-Z0-9]{1,40}$/;

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('content-security-policy', SANDBOX_PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFoundPage = (reply: FastifyReply, what: string) =>
  sendPage(reply, 404, renderMessagePage(`${what} não encontrado`, 'Confira o endereço e tente de novo.'));

export const sandboxGatewayRoutes: FastifyPluginAsync<{ sandbox: SandboxGateway }> = async (instance, { sandbox }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const base = SANDBOX_GATEWAY_PREFIX;

  // The sandbox pages' buttons are plain HTML forms; they carry no fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onClose', async () => sandbox.stop());

  app.post(
    '/v1/tokens',
    { config: app.paymentRateLimit, schema: { body: cardInputSchema, response: { 201: cardTokenSchema } } },
    async (request, reply) => {
      const token = await sandbox.tokenizeCard(request.body);
      return reply.status(201).header('cache-control', 'no-store').send(token);
    },
  );

  app.get('/pix/:txid', { schema: { params: txidParams } }, async (request, reply) => {
    const payment = TXID.test(request.params.txid) ? await sandbox.findPayment(request.params.txid, 'pix') : null;
    if (!payment) return notFoundPage(reply, 'PIX');
    return sendPage(reply, 200, renderPixPage(payment, await pixQrImage(payment.brCode as string), base));
  });

  app.post('/pix/:txid/pay', { schema: { params: txidParams } }, async (request, reply) => {
    const payment = TXID.test(request.params.txid) ? await sandbox.simulatePixPayment(request.params.txid) : null;
    if (!payment) return notFoundPage(reply, 'PIX');
    if (payment.status === 'expired') return sendPage(reply, 409, renderPixPage(payment, await pixQrImage(payment.brCode as string), base));
    return reply.redirect(`${base}/pix/${payment.id}`, 303);
  });

  app.post(
    '/v1/pix/:txid/simulate-payment',
    { schema: { params: txidParams, response: { 200: z.object({ status: z.string() }) } } },
    async (request) => {
      const payment = TXID.test(request.params.txid) ? await sandbox.simulatePixPayment(request.params.txid) : null;
      if (!payment) throw new HttpError(404, errorCodes.notFound, m.notFound);
      if (payment.status === 'expired') throw new HttpError(409, errorCodes.pixExpired, gm.pixExpired);
      return { status: payment.status };
    },
  );

  app.get('/paypal/orders/:id/approve', { schema: { params: orderParams } }, async (request, reply) => {
    const payment = ORDER_ID.test(request.params.id) ? await sandbox.findPayment(request.params.id, 'paypal') : null;
    if (!payment) return notFoundPage(reply, 'Pedido');
    return sendPage(reply, 200, renderPaypalPage(payment, base));
  });

  app.post('/paypal/orders/:id/approve', { schema: { params: orderParams } }, async (request, reply) => {
    const payment = ORDER_ID.test(request.params.id) ? await sandbox.approvePaypalOrder(request.params.id) : null;
    if (!payment) return notFoundPage(reply, 'Pedido');
    if (payment.status === 'failed')
      return sendPage(reply, 409, renderMessagePage('Pedido cancelado', 'Este pagamento foi cancelado e não pode mais ser aprovado.'));
    // returnUrl was checked to be a path on this site when the order was created.
    return reply.redirect(payment.returnUrl as string, 303);
  });

  app.post('/paypal/orders/:id/cancel', { schema: { params: orderParams } }, async (request, reply) => {
    const payment = ORDER_ID.test(request.params.id) ? await sandbox.cancelPaypalOrder(request.params.id) : null;
    if (!payment) return notFoundPage(reply, 'Pedido');
    if (payment.status !== 'failed')
      return sendPage(reply, 409, renderMessagePage('Pedido já aprovado', 'Este pagamento já foi aprovado e não pode mais ser cancelado.'));
    return reply.redirect(payment.cancelUrl as string, 303);
  });
};
