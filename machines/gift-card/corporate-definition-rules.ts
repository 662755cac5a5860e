import { corporateGiftCardDesignSchema, giftCardShippingSchema } from '../../contracts/gift-card-definition';
import { giftCardMessages as gc } from '../../contracts/gift-card-messages';
import { CORPORATE_LOGO_MIN_QUANTITY, corporateQuantitySchema } from '../../contracts/gift-card-orders';
import { required } from '../required';
import { oncePerEvent } from './definition-issues';
import type { CorporateDefinitionContext, CorporateDefinitionOutput, RecipientsExit } from './corporate-definition-types';

/** The corporate definition's pure rules (corporate-definition.machine.ts, corporate-recipients.machine.ts). */

/** How many cards: the server's count of the spreadsheet's recipients, or the codes asked for. */
export const cardCountOf = (context: Pick<CorporateDefinitionContext, 'sheet' | 'quantity'>): number =>
  context.sheet?.accepted ?? context.quantity ?? 0;

/** A company's cards go by e-mail, now or at a time: never a PDF to print. */
const shippingSchema = (submittedAt: string) =>
  giftCardShippingSchema(new Date(submittedAt)).refine((shipping) => shipping.mode !== 'pdf', { error: gc.sendAtRequired.id });

/** The design step's card, checked once per submission. */
export const checkedDesign = oncePerEvent((event: { design: unknown }) => corporateGiftCardDesignSchema.safeParse(event.design));

/** The shipping step's choice, checked once per submission against the moment it was submitted. */
export const checkedShipping = oncePerEvent((event: { shipping: unknown; submittedAt: string }) =>
  shippingSchema(event.submittedAt).safeParse(event.shipping),
);

/** The number of codes asked for, checked once per submission. */
export const checkedQuantity = oncePerEvent((event: { quantity: unknown }) => corporateQuantitySchema.safeParse(event.quantity));

const EXITS: readonly RecipientsExit[] = ['back', 'sheet', 'codes'];

/**
 * How the recipients step ended, from its final state's output: XState hands a machine's `output`
 * the final state's own as `unknown`, so it is read back here rather than trusted by a cast.
 */
export const exitOf = (output: unknown): RecipientsExit => EXITS.find((exit) => exit === output) ?? 'back';

/** Reached only from the review, where every step before was accepted. */
export const outputOf = (context: CorporateDefinitionContext): CorporateDefinitionOutput => ({
  design: required(context.design, 'corporate definition: the accepted design'),
  recipients: context.sheet
    ? {
        source: 'sheet',
        sheet_id: context.sheet.id,
        count: context.sheet.accepted,
        shipping: required(context.shipping, 'corporate definition: the accepted shipping'),
        file_name: context.preview?.fileName ?? '',
      }
    : { source: 'codes', quantity: required(context.quantity, 'corporate definition: the accepted quantity') },
  logo: cardCountOf(context) >= CORPORATE_LOGO_MIN_QUANTITY ? context.logo : null,
});
