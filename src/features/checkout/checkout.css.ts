import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

/** Summary beside the form on desktop, above it on mobile (docs/brand.md "Checkout"). */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 340px' } },
});

export const summary = style({
  order: -1,
  '@media': { [breakpoints.desktop]: { order: 1, position: 'sticky', top: vars.space['6'] } },
});

export const steps = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', padding: 0, margin: 0 });

export const stepItem = style({
  fontSize: vars.fontSize.sm,
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  background: vars.color.surface,
});

export const stepCurrent = style({ borderColor: vars.color.brand, color: vars.color.brandStrong, fontWeight: vars.fontWeight.semibold });

export const stepLink = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.color.brandStrong,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const stepHeading = style({ fontSize: vars.fontSize.xl, margin: 0, outline: 'none' });

export const bigAmount = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.ink, margin: 0 });

export const cover = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
});

export const summaryList = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
});

export const term = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const definition = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const qr = style({ width: '240px', height: '240px', maxWidth: '100%', imageRendering: 'pixelated', alignSelf: 'center' });

export const brCode = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.xs,
  wordBreak: 'break-all',
});

export const countdown = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums' });

export const inlineActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });

/** Phones: the summary as one line above the form (order -1), opening in place. */
export const disclosure = style({ order: -1, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const disclosureButton = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  textAlign: 'left',
});

export const disclosureChevron = style({ color: vars.color.muted });
