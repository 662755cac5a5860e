import { style } from '@vanilla-extract/css';
import { vars } from '../../ui';

export const amounts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'flex-end' });

export const amountChoice = style({ minWidth: '96px' });
