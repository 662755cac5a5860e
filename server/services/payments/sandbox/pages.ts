import type { SandboxPayment } from './sandbox-gateway';
import { escapeHtml } from '../../../http/escape-html';
import { formatBrazilianDateTime, formatBrl } from '../../../i18n/format';

/**
 * The sandbox's own small pages (the PIX "bank app" and the PayPal approval page). They stand for
 * another company's site, so they are plain server-rendered HTML in Portuguese, outside the SPA and
 * its catalogs. Every interpolated value goes through escapeHtml.
 */

/** Their own inline <style>, a data: QR image, and forms that post back to the sandbox only. */
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STATUS_TEXT: Record<SandboxPayment['status'], string> = {
  pending: 'Aguardando pagamento',
  succeeded: 'Pago',
  failed: 'Cancelado',
  expired: 'Expirado',
  refunded: 'Estornado',
};

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f1ea; color: #1f2a1f; margin: 0; padding: 2rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { color: #5b6558; font-size: .875rem; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
  .status { display: inline-block; padding: .25rem .75rem; border-radius: 999px; background: #e8efe4; font-weight: 600; }
  .code { word-break: break-all; font-family: ui-monospace, monospace; font-size: .75rem; background: #f4f1ea; padding: .75rem; border-radius: 8px; }
  img { display: block; margin: 1rem auto; }
  form { display: inline; }
  button { font: inherit; font-weight: 600; border: 0; border-radius: 8px; padding: .75rem 1.25rem; margin: .5rem .5rem 0 0; cursor: pointer; background: #2f6b3a; color: #fff; }
  button.secondary { background: #e4e4e4; color: #1f2a1f; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const statusLine = (payment: SandboxPayment): string =>
  `<p>Situação: <span class="status" data-status="${escapeHtml(payment.status)}">${STATUS_TEXT[payment.status]}</span></p>`;

export function renderPixPage(payment: SandboxPayment, qrCode: string, basePath: string): string {
  const action = `${basePath}/pix/${encodeURIComponent(payment.id)}/pay`;
  const expires = payment.expiresAt ? formatBrazilianDateTime(payment.expiresAt) : '';
  return page(
    'PIX (sandbox)',
    `<h1>PIX (sandbox)</h1>
<p class="note">Ambiente de testes: nenhum dinheiro de verdade é movimentado.</p>
<p class="amount">${escapeHtml(formatBrl(payment.amountCents))}</p>
${payment.description ? `<p>${escapeHtml(payment.description)}</p>` : ''}
${statusLine(payment)}
<img src="${escapeHtml(qrCode)}" width="220" height="220" alt="QR Code do PIX">
<p>PIX copia e cola:</p>
<p class="code">${escapeHtml(payment.brCode ?? '')}</p>
<p class="note">txid ${escapeHtml(payment.id)}${expires ? ` · vence em ${escapeHtml(expires)}` : ''}</p>
${payment.status === 'pending' ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">Simular pagamento</button></form>` : ''}`,
  );
}

export function renderPaypalPage(payment: SandboxPayment, basePath: string): string {
  const order = `${basePath}/paypal/orders/${encodeURIComponent(payment.id)}`;
  return page(
    'PayPal (sandbox)',
    `<h1>PayPal (sandbox)</h1>
<p class="note">Ambiente de testes: nenhum dinheiro de verdade é movimentado.</p>
<p class="amount">${escapeHtml(formatBrl(payment.amountCents))}</p>
${payment.description ? `<p>${escapeHtml(payment.description)}</p>` : ''}
${statusLine(payment)}
${
  payment.status === 'pending'
    ? `<form method="post" action="${escapeHtml(`${order}/approve`)}"><button type="submit">Aprovar pagamento</button></form>
<form method="post" action="${escapeHtml(`${order}/cancel`)}"><button type="submit" class="secondary">Cancelar</button></form>`
    : ''
}`,
  );
}

export function renderMessagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
