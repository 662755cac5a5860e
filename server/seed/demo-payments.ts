import type { PaymentGateways } from '../services/payments/gateways';
import { isSandboxGateway, type SandboxGateway } from '../services/payments/sandbox/sandbox-gateway';
import { SANDBOX_TEST_CARDS } from '../services/payments/sandbox/test-cards';

export type DemoPaymentMethod = 'card' | 'pix';

/** What our payment row keeps of a demo payment the gateway took. */
export interface DemoPaid {
  gateway: string;
  gatewayRef: string;
  method: DemoPaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * How the demo seed pays its gifts at the payment gateway (docs/ledger.md, "Demo data"): the demo's
 * donations are the gateway's payments too, so they refund like real ones. `pay` runs before the seed's
 * transaction; `settle` after it (a PIX charge is paid once our payment row is written, so its
 * webhook finds the donation already confirmed and changes nothing).
 */
export interface DemoPayments {
  pay(input: {
    paymentId: string;
    method: DemoPaymentMethod;
    amountCents: number;
    holderName: string;
    description: string;
  }): Promise<DemoPaid>;
  settle(paid: Iterable<DemoPaid>): Promise<void>;
}

const DEMO_CARD = SANDBOX_TEST_CARDS.visaApproved;

/** The sandbox pays demo gifts as a donor would: a test card charged, or a PIX charge paid from the "bank app". */
export function sandboxDemoPayments(sandbox: SandboxGateway, now: () => Date): DemoPayments {
  return {
    async pay({ paymentId, method, amountCents, holderName, description }) {
      if (method === 'pix') {
        const expiresAt = new Date(now().getTime() + 60 * 60 * 1000);
        const charge = await sandbox.createPixCharge({ idempotencyKey: paymentId, amountCents, description, expiresAt });
        return { gateway: sandbox.name, gatewayRef: charge.gatewayRef, method, cardBrand: null, cardLast4: null };
      }
      const nextYear = String((now().getUTCFullYear() + 1) % 100).padStart(2, '0');
      const token = await sandbox.tokenizeCard({ card_number: DEMO_CARD.number, exp_date: `12/${nextYear}`, holder_name: holderName });
      const charged = await sandbox.chargeCard({ idempotencyKey: paymentId, amountCents, cardToken: token.token, description });
      if (charged.status !== 'succeeded') throw new Error(`demo seed: the sandbox answered ${charged.status} for a demo card`);
      return { gateway: sandbox.name, gatewayRef: charged.gatewayRef, method, cardBrand: charged.brand, cardLast4: charged.last4 };
    },
    async settle(paid) {
      for (const payment of paid) if (payment.method === 'pix') await sandbox.simulatePixPayment(payment.gatewayRef);
    },
  };
}

/**
 * The demo seed's payments, at the embedded sandbox whichever providers take real ones: only the sandbox
 * takes payments nobody really made (and, being on their rows, they reconcile and refund there).
 */
export function demoPaymentsOf(gateways: PaymentGateways, now: () => Date): DemoPayments {
  const sandbox = gateways.all.find(isSandboxGateway);
  if (!sandbox) throw new Error('The demo seed pays its donations at the embedded sandbox gateway, which this app does not have');
  return sandboxDemoPayments(sandbox, now);
}
