import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], marginTop: vars.space['2'] });
export const signup = style({ margin: 0, textAlign: 'center', color: vars.color.inkSoft });
