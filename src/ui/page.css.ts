import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const header = style({ marginBottom: vars.space['8'], maxWidth: '720px' });
export const eyebrow = style({
  display: 'inline-block',
  marginBottom: vars.space['2'],
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft, margin: 0 });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandHover,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
});
