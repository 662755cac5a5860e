// Child process of `npm run bench`: issues one paid order of N gift cards (default 10,000, printed as
// a PDF order so no e-mail is queued per card) on a fresh database and prints one JSON line with the
// seconds it took and the process's peak RSS. Own process, so the peak is this work's alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../server/db/open-database';
import { createTranslator } from '../server/i18n/translator';
import { INTERNAL_GATEWAY, markInternalPaymentSucceeded } from '../server/services/donations/payments-repository';
import { insertOrderWithPayment, lockOrder } from '../server/services/gift-cards/orders/gift-card-orders-repository';
import { issueOrderCards } from '../server/services/gift-cards/orders/issue-order-cards';

const quantity = Number(process.env.CARDS ?? 10_000);
const databaseUrl = process.env.BENCH_ISSUE_DATABASE_URL;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'semear-bench-issue-'));
const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir as string, 'db'));
try {
  await handle.migrate();
  const now = new Date();
  const { order, payment } = await handle.db.transaction((tx) =>
    insertOrderWithPayment(tx, {
      request: {
        definition: {
          value: 5_000,
          quantity,
          template: 'semente',
          message: 'Obrigado pelo ano!',
          from: 'Empresa',
          shipping: { mode: 'pdf' },
          recipients: [],
        },
        contact: {
          is_company: false,
          foreigner: false,
          name: 'Bench',
          email: 'bench@semear.dev',
          cpf: '52998224725',
          telephone: '11987654321',
        },
        payment: { method: 'wallet' },
        address: null,
      } as never,
      userId: null,
      receiptTokenHash: 'bench',
      gateway: INTERNAL_GATEWAY,
      locale: 'pt',
      now,
    }),
  );
  const deps = { translator: createTranslator(), config: { publicUrl: 'http://localhost:3000' } };
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  const started = performance.now();
  await handle.db.transaction(async (tx) => {
    await markInternalPaymentSucceeded(tx, payment.id, now);
    const locked = await lockOrder(tx, order.id);
    await issueOrderCards(tx, deps, locked ?? order, { ...payment, status: 'succeeded' }, now);
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ quantity, seconds, rssBeforeMb, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
} finally {
  await handle.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
