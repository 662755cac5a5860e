import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiPixStandIn } from './index';

/**
 * The donor's bank app, as far as the end-to-end tests need it: paste a PIX "copia e cola", see what it
 * pays (and, for a combined QR, the Pix Automático it authorises), and pay. Paying settles the charge at
 * the stand-in bank, approves the recurrence of a combined QR, and posts the bank's webhooks to Semear,
 * as the payer's and receiver's banks would. Plain HTTP on this machine: the browser reaches it directly.
 */
export interface BankApp {
  url: string;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const reais = (valor: string) => `R$ ${valor.replace('.', ',')}`;

function page(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="pt-BR"><head><title>Banco</title></head><body><main>${body}</main></body></html>`);
}

async function formField(req: IncomingMessage, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(name) ?? '';
}

export async function startBankApp(bank: ApiPixStandIn): Promise<BankApp> {
  const { control } = bank;
  /** The charge a code names: the bank finds it by the location the code carries. */
  const chargeOf = (code: string) => [...control.cobs.values()].find((cob) => code.includes(cob.location));

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://bank-app');
      if (req.method === 'POST' && url.pathname === '/pagar') {
        const cob = chargeOf(await formField(req, 'codigo'));
        if (!cob || cob.status !== 'ATIVA') return page(res, 404, '<h1>Cobrança não encontrada</h1>');
        const rec = control.recOfJourney(cob.txid);
        if (rec) control.payAndAuthorize(cob.txid);
        else control.pay(cob.txid);
        await control.sendWebhook(cob.txid);
        if (rec) await control.sendRecWebhook(rec.idRec);
        return page(res, 200, '<h1>Pagamento concluído</h1>');
      }
      const code = url.searchParams.get('codigo') ?? '';
      const cob = code ? chargeOf(code) : undefined;
      if (!cob) {
        return page(
          res,
          code ? 404 : 200,
          `<h1>Pagar com Pix</h1>${code ? '<p>Código não reconhecido.</p>' : ''}<form method="get">` +
            '<label for="codigo">Pix Copia e Cola</label><textarea id="codigo" name="codigo"></textarea><button>Continuar</button></form>',
        );
      }
      const rec = control.recOfJourney(cob.txid);
      const authorises = rec
        ? `<p>Este Pix também autoriza o Pix Automático mensal para ${escape(rec.recebedor.nome)}: ${
            rec.valor.valorRec
              ? escape(reais(rec.valor.valorRec))
              : `valor variável, a partir de ${escape(reais(rec.valor.valorMinimoRecebedor ?? ''))}`
          }.</p>`
        : '';
      return page(
        res,
        200,
        `<h1>Pagar ${escape(reais(cob.valor.original))}</h1>${authorises}<form method="post" action="/pagar">` +
          `<input type="hidden" name="codigo" value="${escape(code)}"><button>${rec ? 'Pagar e autorizar' : 'Pagar'}</button></form>`,
      );
    })().catch((error: unknown) => page(res, 500, `<h1>Erro</h1><p>${escape(String(error))}</p>`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
