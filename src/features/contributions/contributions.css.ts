import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const filters = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['3'],
  alignItems: 'end',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) auto' } },
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  alignItems: 'center',
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const what = style({ fontWeight: vars.fontWeight.semibold, margin: 0, overflowWrap: 'anywhere' });
export const meta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap', textAlign: 'right', margin: 0 });
export const itemActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  justifyContent: 'flex-end',
});

const chipBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  // In the list's grid a chip keeps its own width instead of stretching across the row.
  justifySelf: 'start',
});
export const statusChip = styleVariants({
  paid: [chipBase, { background: vars.color.brandSoft, color: vars.color.brandHover }],
  pending: [chipBase, { background: vars.color.sunSoft, color: vars.color.ink }],
  failed: [chipBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  refunded: [chipBase, { background: vars.color.background, color: vars.color.inkSoft, border: `1px solid ${vars.color.border}` }],
});
export const defaultChip = style([chipBase, { background: vars.color.brandSoft, color: vars.color.brandHover }]);

export const empty = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], alignItems: 'flex-start' });

export const receipt = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space['2']} ${vars.space['4']}`, margin: 0 });
export const receiptTerm = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const receiptValue = style({ margin: 0, overflowWrap: 'anywhere' });

/**
 * Printing while a receipt is open prints the receipt alone: everything else is hidden, only on
 * pages that show one (`:has`), so other pages print as usual.
 */
export const printable = style({});
globalStyle(`body:has(.${printable}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`.${printable}, .${printable} *`, { '@media': { print: { visibility: 'visible' } } });
globalStyle(`.${printable}`, { '@media': { print: { position: 'absolute', insetBlockStart: 0, insetInlineStart: 0, width: '100%' } } });
globalStyle(`.${printable} button`, { '@media': { print: { display: 'none' } } });

export const cardRow = style([
  item,
  { gridTemplateColumns: '1fr', '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr auto' } } },
]);
export const cardTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});
