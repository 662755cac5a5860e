import { style } from '@vanilla-extract/css';
import { vars, breakpoints } from './theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const row = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', marginTop: vars.space['2'] });

export const section = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  padding: 0,
  marginBottom: vars.space['2'],
});

export const formError = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
  margin: 0,
});
