import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { GIFT_CARD_TEMPLATE_LOOKS, GIFT_CARD_TEMPLATES, type GiftCardTemplate } from '../../../contracts';

/** Each card template: its name, with the artwork of contracts/gift-card-templates.ts. */
const names: Record<GiftCardTemplate, MessageDescriptor> = {
  semente: msg`Semente`,
  girassol: msg`Girassol`,
  abraco: msg`Abraço`,
  aniversario: msg`Aniversário`,
  natal: msg`Natal`,
  gratidao: msg`Gratidão`,
};

export const templateLooks = Object.fromEntries(
  GIFT_CARD_TEMPLATES.map((template) => [template, { name: names[template], ...GIFT_CARD_TEMPLATE_LOOKS[template] }]),
) as Record<GiftCardTemplate, { name: MessageDescriptor } & (typeof GIFT_CARD_TEMPLATE_LOOKS)[GiftCardTemplate]>;
