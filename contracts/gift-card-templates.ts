import type { GiftCardTemplate } from './gift-card-definition';

/**
 * Each card template's artwork colours (ink on top of them stays readable: AA contrast) and motif:
 * the page's preview, the delivery e-mail and the PDF draw the card from these.
 */
export const GIFT_CARD_TEMPLATE_LOOKS: Record<GiftCardTemplate, { from: string; to: string; ink: string; motif: string }> = {
  semente: { from: '#1F8A5B', to: '#0F5A3A', ink: '#FFFFFF', motif: '🌱' },
  girassol: { from: '#F7C948', to: '#F2A33A', ink: '#14211B', motif: '🌻' },
  abraco: { from: '#E86A5C', to: '#B8433A', ink: '#FFFFFF', motif: '🤗' },
  aniversario: { from: '#7B5CD6', to: '#4E36A0', ink: '#FFFFFF', motif: '🎉' },
  natal: { from: '#B42318', to: '#1F6B45', ink: '#FFFFFF', motif: '🎄' },
  gratidao: { from: '#E8F4EE', to: '#CFE6DA', ink: '#14211B', motif: '💚' },
};
