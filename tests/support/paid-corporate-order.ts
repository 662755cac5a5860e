import type { Database } from '../../server/db/types';
import { INTERNAL_GATEWAY, markInternalPaymentSucceeded } from '../../server/services/donations/payments-repository';
import { insertOrderWithPayment, markOrderPaid } from '../../server/services/gift-cards/orders/gift-card-orders-repository';

/**
 * A company's paid order of `quantity` R$ 50 cards it prints itself (paid from its wallet, so no gateway),
 * written as the checkout writes it; its cards are not issued yet. For tests and benches that need a
 * large batch without going through the checkout.
 */
export async function paidCorporateOrder(
  db: Database,
  input: { quantity: number; userId: string | null; email: string; message?: string },
): Promise<{ orderId: string; paymentId: string }> {
  const now = new Date();
  const { order, payment } = await db.transaction((tx) =>
    insertOrderWithPayment(tx, {
      spec: {
        kind: 'corporate',
        valueCents: 5_000,
        quantity: input.quantity,
        template: 'semente',
        message: input.message ?? 'Obrigado pelo ano! Escolha a causa que quiser apoiar.',
        sender: 'Empresa',
        shippingMode: 'pdf',
        sendAt: null,
        recipients: [],
        logoId: null,
        draftId: null,
        paymentMethod: 'wallet',
        contact: {
          is_company: true,
          foreigner: false,
          name: 'Empresa',
          corporate_name: 'Empresa Ltda',
          contact_name: null,
          email: input.email,
          contact_email: null,
          cpf: null,
          cnpj: '11222333000181',
          telephone: '11987654321',
        },
        address: null,
      },
      userId: input.userId,
      receiptTokenHash: 'fixture',
      gateway: INTERNAL_GATEWAY,
      locale: 'pt',
      now,
    }),
  );
  await db.transaction(async (tx) => {
    await markInternalPaymentSucceeded(tx, payment.id, now);
    await markOrderPaid(tx, order.id, now);
  });
  return { orderId: order.id, paymentId: payment.id };
}
