import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Campaign progress (raised, goal, bar, donors) and the campaign card (docs/brand.md "pieces people expect").

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
export const raised = style({ margin: 0, color: vars.color.inkSoft });
export const raisedAmount = style({ color: vars.color.ink, fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });
export const raisedLarge = style({ fontSize: vars.fontSize.lg });
export const raisedAmountLarge = style({ fontSize: vars.fontSize.xxl, display: 'block' });
export const bar = style({ height: '10px', borderRadius: vars.radius.pill, background: vars.color.brandSoft, overflow: 'hidden' });
export const barFill = style({
  height: '100%',
  background: vars.color.sun,
  borderRadius: vars.radius.pill,
  transition: `width ${vars.motion.slow} ${vars.motion.easing}`,
});
// Past the goal the bar stays full and turns brand green: the percentage keeps counting in the text.
export const barFillOver = style({ background: vars.color.brand });
export const figures = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  margin: 0,
});
export const percent = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.brandStrong });

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { transform: 'translateY(-2px)' },
    '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
// A fixed aspect ratio reserves the cover's room before it loads (no layout shift).
export const cover = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.brandSoft,
});
export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], padding: vars.space['4'], flex: 1 });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const title = style({ fontSize: vars.fontSize.lg, margin: 0, lineHeight: vars.lineHeight.tight });
// The title link covers the whole card, so the card is one tab stop and one click target.
export const titleLink = style({
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:hover': { color: vars.color.brandStrong },
  },
});
export const organiser = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const progressSlot = style({ marginTop: 'auto', paddingTop: vars.space['2'] });
export const statusChip = style({ background: vars.color.sunSoft, color: vars.color.ink });
