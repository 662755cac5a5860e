import { errorCodes } from '../../../../contracts/errors';
import { sendAtIssue, type GiftCardShipping } from '../../../../contracts/gift-card-definition';
import { giftCardMessages as gc } from '../../../../contracts/gift-card-messages';
import {
  CORPORATE_LOGO_MIN_QUANTITY,
  type CorporateGiftCardOrderRequest,
  type GiftCardOrderRequest,
} from '../../../../contracts/gift-card-orders';
import type { PaymentMethodName } from '../../../db/schema';
import { invalid } from '../../../domain/errors';
import type { FileStorage } from '../../storage/file-storage';
import { logoKey } from '../store-company-logo';
import type { OrderSpec } from './gift-card-orders-repository';
import { loadRecipientSheet } from './recipient-sheets';

/** A scheduled send is checked against the server's clock again: the buyer may have paused before paying. */
function checkedSendAt(shipping: GiftCardShipping, now: Date): Date | null {
  if (shipping.mode !== 'email_scheduled') return null;
  const problem = sendAtIssue(shipping.send_at, now);
  if (problem) throw invalid(errorCodes.validation, [problem]);
  return new Date(shipping.send_at);
}

const addressOf = (address: GiftCardOrderRequest['address']) => (address ? { ...address } : null) as Record<string, string> | null;

/** A person's order (POST /gift-card-orders) as the service keeps it. */
export function personalOrderSpec(request: GiftCardOrderRequest, now: Date): OrderSpec {
  const { definition } = request;
  return {
    kind: 'personal',
    valueCents: definition.value,
    quantity: definition.quantity,
    template: definition.template,
    message: definition.message,
    sender: definition.from,
    shippingMode: definition.shipping.mode,
    sendAt: checkedSendAt(definition.shipping, now),
    recipients: definition.recipients.map(({ name, email }) => ({ name, email })),
    logoId: null,
    paymentMethod: request.payment.method as PaymentMethodName,
    contact: request.contact,
    address: addressOf(request.address),
    draftId: request.draft_id?.toLowerCase() ?? null,
  };
}

/**
 * A company's batch (POST /gift-card-orders/corporate): one card per recipient of its uploaded
 * spreadsheet (read and kept by POST /gift-card-recipient-sheets), or a number of codes to hand out;
 * its logo, already checked and kept, only from 100 cards.
 */
export async function corporateOrderSpec(
  request: CorporateGiftCardOrderRequest,
  buyer: { userId: string; storage: FileStorage },
  now: Date,
): Promise<OrderSpec> {
  const { definition } = request;
  const { storage } = buyer;
  const source = definition.recipients;
  const recipients = source.source === 'sheet' ? await loadRecipientSheet(storage, buyer.userId, source.sheet_id) : [];
  const quantity = source.source === 'sheet' ? recipients.length : source.quantity;
  const logoId = definition.logo_id ?? null;
  if (logoId && quantity < CORPORATE_LOGO_MIN_QUANTITY) throw invalid(errorCodes.validation, [gc.logoTooFewCards]);
  if (logoId && !(await storage.get(logoKey(logoId.toLowerCase())))) throw invalid(errorCodes.validation, [gc.logoMissing]);
  return {
    kind: 'corporate',
    valueCents: definition.value,
    quantity,
    template: definition.template,
    message: definition.message,
    sender: definition.from,
    shippingMode: source.source === 'sheet' ? source.shipping.mode : 'pdf',
    sendAt: source.source === 'sheet' ? checkedSendAt(source.shipping, now) : null,
    recipients,
    logoId: logoId?.toLowerCase() ?? null,
    paymentMethod: request.payment.method as PaymentMethodName,
    contact: request.contact,
    address: addressOf(request.address),
    draftId: request.draft_id?.toLowerCase() ?? null,
  };
}
