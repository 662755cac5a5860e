import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });
export const row = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  display: 'grid',
  gap: vars.space['3'],
});
export const rowHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  alignItems: 'center',
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const panel = style({
  display: 'grid',
  gap: vars.space['3'],
  background: vars.color.background,
  padding: vars.space['3'],
  borderRadius: vars.radius.sm,
});
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
