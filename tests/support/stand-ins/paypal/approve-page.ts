import type { StandInOrder } from './ledger';

/**
 * PayPal's approval page, as far as a test needs it: GET /checkoutnow?token={orderId} (where the
 * `payer-action` / `approve` link points) shows the amount, a button that approves the order and sends
 * the browser to the order's return_url with `?token={id}&PayerID=…`, and a link back to its cancel_url.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const reais = (cents: number) => `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;

/** `url` with PayPal's query parameters added to whatever it already carries. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

export function approvePage(order: StandInOrder): string {
  const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
  const token = encodeURIComponent(order.id);
  const cancel = order.cancelUrl ? `<a href="${escapeHtml(withQuery(order.cancelUrl, { token: order.id }))}">Cancelar e voltar</a>` : '';
  const action = waiting
    ? `<form method="post" action="/checkoutnow/approve?token=${token}"><button type="submit">Pagar agora</button></form>${cancel}`
    : `<p>Este pedido já está ${escapeHtml(order.status)}.</p>`;
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>PayPal (stand-in)</title></head>
<body>
<h1>PayPal (stand-in)</h1>
<p>${escapeHtml(order.description ?? 'Pagamento')}</p>
<p>Total: <strong>${escapeHtml(reais(order.amountCents))}</strong></p>
${action}
</body>
</html>`;
}

/** After approving without a return_url there is nowhere to go back to: say so. */
export const approvedPage = (order: StandInOrder) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>PayPal (stand-in)</title></head><body><p>Pedido ${escapeHtml(order.id)} aprovado.</p></body></html>`;
