import { z } from 'zod';
import { giftCardCodeSchema } from './donations';

/** POST /gift-cards/redemptions: a signed-in donor turns a gift card into wallet credit (docs/design.md §8). */
export const giftCardRedemptionSchema = z.object({ code: giftCardCodeSchema });
export type GiftCardRedemptionInput = z.input<typeof giftCardRedemptionSchema>;

/**
 * What the card put in the wallet (cents, until the card's own expiry) and the wallet's balance after
 * it; `already_redeemed` when this donor had redeemed it before (nothing came in now), `redeemed_at` when.
 */
export const giftCardRedeemedSchema = z.object({
  amount: z.number().int(),
  expires_at: z.string(),
  balance: z.number().int(),
  already_redeemed: z.boolean(),
  redeemed_at: z.string(),
});
export type GiftCardRedeemed = z.infer<typeof giftCardRedeemedSchema>;

/** POST /gift-card-logos (the image's bytes as the body): the stored logo, re-encoded as PNG. */
export const companyLogoSchema = z.object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type CompanyLogo = z.infer<typeof companyLogoSchema>;
