import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GiftCardTemplate } from '../../../contracts';

/** Each card template: its name, and the colours of its artwork (ink on top of them stays readable: AA contrast). */
export const templateLooks: Record<GiftCardTemplate, { name: MessageDescriptor; from: string; to: string; ink: string; motif: string }> = {
  semente: { name: msg`Semente`, from: '#1F8A5B', to: '#0F5A3A', ink: '#FFFFFF', motif: '🌱' },
  girassol: { name: msg`Girassol`, from: '#F7C948', to: '#F2A33A', ink: '#14211B', motif: '🌻' },
  abraco: { name: msg`Abraço`, from: '#E86A5C', to: '#B8433A', ink: '#FFFFFF', motif: '🤗' },
  aniversario: { name: msg`Aniversário`, from: '#7B5CD6', to: '#4E36A0', ink: '#FFFFFF', motif: '🎉' },
  natal: { name: msg`Natal`, from: '#B42318', to: '#1F6B45', ink: '#FFFFFF', motif: '🎄' },
  gratidao: { name: msg`Gratidão`, from: '#E8F4EE', to: '#CFE6DA', ink: '#14211B', motif: '💚' },
};
