import { z } from 'zod';
import {
  ADDRESS_EXAMPLE,
  checkoutAddressSchema,
  checkPayerRules,
  CONTACT_EXAMPLE,
  contactSchema,
  PAYER_RULES,
  paymentInputSchema,
  paymentSchema,
  PAYMENT_METHODS,
} from './donations';
import {
  corporateGiftCardDesignSchema,
  giftCardDefinitionSchema,
  giftCardRecipientFields,
  giftCardShippingSchema,
  GIFT_CARD_SHIPPING_MODES,
  GIFT_CARD_TEMPLATES,
  type GiftCardShipping,
} from './gift-card-definition';
import { giftCardMessages as gc } from './gift-card-messages';
import { messages as m } from './messages';
import { givingMessages as gm } from './giving-messages';

/** Buying gift cards (docs/gift-cards.md): POST /gift-card-orders and GET /gift-card-orders/{id}. */

/** Corporate orders (docs/spec.md §9): up to 100,000 cards; the company's logo from 100 cards. */
export const CORPORATE_MAX_QUANTITY = 100_000;
export const CORPORATE_LOGO_MIN_QUANTITY = 100;
export const GIFT_CARD_ORDER_KINDS = ['personal', 'corporate'] as const;

/**
 * refunded / charged_back: paid, then the provider gave the money back (a refund made at the provider) or the
 * buyer's bank took it back (a chargeback): the cards are void (docs/gift-cards.md, "Reversed at the provider").
 */
export const GIFT_CARD_ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'charged_back'] as const;
export type GiftCardOrderStatus = (typeof GIFT_CARD_ORDER_STATUSES)[number];

/** A recipient as the order keeps it (the confirmation was checked when it was placed). */
export interface GiftCardOrderRecipient {
  name: string;
  email: string;
}

/** What pays for gift cards: a card, saved card, PIX, PayPal (foreigners) or the wallet; never another gift card. */
export const GIFT_CARD_ORDER_METHODS = PAYMENT_METHODS.filter((method) => method !== 'gift_card');

/**
 * The buyer's draft an order pays for (our checkout's id for one confirmed definition): one draft is
 * one order, so a second payment for a draft already paid, or being paid, is refused (409).
 */
const draftIdSchema = z.uuid().nullable().optional();

/**
 * POST /gift-card-orders: the definition as /gift-card/definition confirmed it, the buyer's contact,
 * the payment and, except for PIX, the address (as a donation's). The moment of a scheduled send is
 * checked by the server's clock, not here.
 */
export const giftCardOrderRequestSchema = z
  .object({
    definition: giftCardDefinitionSchema(null),
    contact: contactSchema,
    payment: paymentInputSchema,
    address: checkoutAddressSchema.nullable().optional(),
    draft_id: draftIdSchema,
  })
  .superRefine((order, ctx) => {
    if (order.payment.method === 'gift_card')
      ctx.addIssue({ code: 'custom', path: ['payment', 'method'], message: gm.paymentMethodInvalid.id });
    checkPayerRules(order, ctx);
  })
  .meta({
    description: `By e-mail (shipping email_now or email_scheduled) there is one recipient per card (quantity), each e-mail once; a pdf needs none. Not paid with a gift card. ${PAYER_RULES}`,
    examples: [
      {
        definition: { value: 5000, quantity: 1, template: 'girassol', message: 'Um abraço!', from: 'Maria', shipping: { mode: 'pdf' } },
        contact: CONTACT_EXAMPLE,
        payment: { method: 'pix' },
      },
    ],
  });
export type GiftCardOrderRequestInput = z.input<typeof giftCardOrderRequestSchema>;
export type GiftCardOrderRequest = z.output<typeof giftCardOrderRequestSchema>;

/**
 * sent; bounced (sent, and the recipient's server refused the address: the buyer corrects it);
 * scheduled (goes out at deliver_at); cancelled by the buyer before it went (the buyer holds it); pdf.
 */
export const GIFT_CARD_DELIVERY_STATUSES = ['scheduled', 'sent', 'bounced', 'cancelled', 'pdf'] as const;

/** A card of a paid order as its buyer sees it: the code only for cards the buyer hands out (PDF, or a cancelled send). */
export const orderedGiftCardSchema = z.object({
  position: z.number().int(),
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  code: z.string().nullable(),
  value: z.number().int(),
  expires_at: z.string(),
  delivery: z.enum(GIFT_CARD_DELIVERY_STATUSES),
  deliver_at: z.string().nullable(),
});
export type OrderedGiftCard = z.infer<typeof orderedGiftCardSchema>;

export const giftCardOrderSchema = z.object({
  id: z.string(),
  status: z.enum(GIFT_CARD_ORDER_STATUSES),
  /** Cents per card, how many, and the total paid. */
  value: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
  template: z.enum(GIFT_CARD_TEMPLATES),
  message: z.string(),
  from: z.string(),
  shipping_mode: z.enum(GIFT_CARD_SHIPPING_MODES),
  send_at: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  kind: z.enum(GIFT_CARD_ORDER_KINDS),
  /** Cards issued so far: a corporate batch is issued by a job after the payment, its progress is this over quantity. */
  issued: z.number().int(),
  /** The company's logo on its cards (corporate, from 100 cards). */
  logo_url: z.string().nullable(),
  /** Who a personal order's cards go to by e-mail, as the buyer typed them (to try a declined order again); a company's are in its spreadsheet: empty. */
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  /** Empty until the order is paid and its cards are issued. */
  cards: z.array(orderedGiftCardSchema),
  /** Where the money paid is now, in cents, from the ledger (null until paid): purchased = the rest summed. */
  money: z
    .object({
      purchased: z.number().int(),
      redeemed: z.number().int(),
      spent: z.number().int(),
      donated_on_expiry: z.number().int(),
      /** Taken off the cards and the wallets they were redeemed into when the provider took the payment back (0 otherwise). */
      reversed: z.number().int(),
      outstanding: z.number().int(),
    })
    .nullable(),
  /**
   * The cards by where they stand (null until paid): issued, e-mailed (some bounced), still scheduled, redeemed into
   * a wallet, given with the code, expired, donated at expiry; and the causes their money reached.
   */
  stats: z
    .object({
      issued: z.number().int(),
      delivered: z.number().int(),
      bounced: z.number().int(),
      scheduled: z.number().int(),
      redeemed: z.number().int(),
      spent: z.number().int(),
      expired: z.number().int(),
      donated_on_expiry: z.number().int(),
      causes: z.array(z.object({ slug: z.string().nullable(), title: z.string().nullable(), amount: z.number().int() })),
    })
    .nullable(),
});
export type GiftCardOrder = z.infer<typeof giftCardOrderSchema>;

/** 201 of POST /gift-card-orders (with receipt_token), and GET /gift-card-orders/{id}. */
export const giftCardOrderResultSchema = z.object({
  order: giftCardOrderSchema,
  payment: paymentSchema,
  /** Lets a guest read the order later (GET /gift-card-orders/{id} with header X-Receipt-Token). */
  receipt_token: z.string().optional(),
});
export type GiftCardOrderResult = z.infer<typeof giftCardOrderResultSchema>;

/**
 * PATCH /gift-card-orders/{id}/cards/{position}: until a card is sent its buyer may move its send
 * (a later moment), send it now, cancel it (null: the buyer keeps the card) or correct its recipient; once sent, a
 * corrected e-mail sends the same card (same code) again.
 */
export const giftCardDeliveryChangeSchema = z
  .object({
    recipient_name: giftCardRecipientFields.shape.name.optional(),
    recipient_email: giftCardRecipientFields.shape.email.optional(),
    deliver_at: z.iso.datetime({ offset: true, error: gc.sendAtRequired.id }).nullable().optional(),
    /** Send it now rather than at its moment. */
    send_now: z.literal(true).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: m.invalidBody.id })
  .meta({ anyOf: ['recipient_name', 'recipient_email', 'deliver_at', 'send_now'].map((key) => ({ required: [key] })) });
export type GiftCardDeliveryChangeInput = z.input<typeof giftCardDeliveryChangeSchema>;

/** POST /gift-card-recipient-sheets: the recipients read from the uploaded file, kept under `id` for the order. */
export const recipientSheetResultSchema = z.object({
  id: z.string(),
  accepted: z.number().int(),
  /** Each refused row by its line in the file, with why (translated), for the preview and the download. */
  rejected: z.array(z.object({ line: z.number().int(), name: z.string(), email: z.string(), problems: z.array(z.string()) })),
});
export type RecipientSheetResult = z.infer<typeof recipientSheetResultSchema>;

/** How many codes a company asks for when it hands them out itself. */
export const corporateQuantitySchema = z
  .number({ error: gc.corporateQuantity.id })
  .int({ error: gc.corporateQuantity.id })
  .min(1, { error: gc.corporateQuantity.id })
  .max(CORPORATE_MAX_QUANTITY, { error: gc.corporateQuantity.id });

/** A company's cards go by e-mail, now or at a moment (its printable cards are the codes' PDF). */
export const corporateShippingSchema = giftCardShippingSchema(null).refine((shipping) => shipping.mode !== 'pdf', {
  error: gc.sendAtRequired.id,
});
export type CorporateShipping = Exclude<GiftCardShipping, { mode: 'pdf' }>;

const refuseGiftCardPayment = (order: { payment: { method: string } }, ctx: z.RefinementCtx) => {
  if (order.payment.method === 'gift_card')
    ctx.addIssue({ code: 'custom', path: ['payment', 'method'], message: gm.paymentMethodInvalid.id });
};

/**
 * POST /gift-card-orders/corporate: a company's cards, to the recipients of an uploaded spreadsheet
 * (by e-mail, now or at a moment) or as codes the company hands out; its logo (POST /gift-card-logos)
 * from 100 cards. The buyer is the company (CNPJ).
 */
export const corporateGiftCardOrderRequestSchema = z
  .object({
    definition: corporateGiftCardDesignSchema.extend({
      recipients: z.discriminatedUnion(
        'source',
        [
          z.object({
            source: z.literal('sheet'),
            sheet_id: z.uuid({ error: gc.sheetMissing.id }),
            shipping: corporateShippingSchema,
          }),
          z.object({ source: z.literal('codes'), quantity: corporateQuantitySchema }),
        ],
        { error: gc.recipientsRequired.id },
      ),
      logo_id: z.uuid({ error: gc.logoMissing.id }).nullable().optional(),
    }),
    contact: contactSchema,
    payment: paymentInputSchema,
    address: checkoutAddressSchema.nullable().optional(),
    draft_id: draftIdSchema,
  })
  .superRefine((order, ctx) => {
    if (!order.contact.is_company) ctx.addIssue({ code: 'custom', path: ['contact', 'is_company'], message: gc.companyRequired.id });
    refuseGiftCardPayment(order, ctx);
    checkPayerRules(order, ctx);
  })
  .meta({
    description: `The buyer is a company (contact.is_company, with a cnpj); a sheet's cards go by e-mail, not pdf. Not paid with a gift card. ${PAYER_RULES}`,
    examples: [
      {
        definition: {
          value: 5000,
          template: 'gratidao',
          message: 'Obrigado pela parceria!',
          from: 'Semear Ltda',
          recipients: { source: 'codes', quantity: 10 },
        },
        contact: {
          is_company: true,
          foreigner: false,
          corporate_name: 'Semear Ltda',
          contact_name: 'Maria da Silva',
          email: 'compras@exemplo.com.br',
          cnpj: '11.222.333/0001-81',
          telephone: '(11) 3333-4444',
        },
        payment: { method: 'pix' },
        address: ADDRESS_EXAMPLE,
      },
    ],
  });
export type CorporateGiftCardOrderRequestInput = z.input<typeof corporateGiftCardOrderRequestSchema>;
export type CorporateGiftCardOrderRequest = z.output<typeof corporateGiftCardOrderRequestSchema>;
