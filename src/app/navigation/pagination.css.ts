import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const pagination = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['4'],
  marginTop: vars.space['8'],
  flexWrap: 'wrap',
});
