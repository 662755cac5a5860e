import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, margin: 0 });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}` });

export const muted = style({ color: vars.color.muted, margin: 0 });

export const balanceCard = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
});

export const balance = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], whiteSpace: 'nowrap' });

export const balanceLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const balanceAmount = styleVariants({
  header: { fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, color: vars.color.ink },
  page: { fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.xxxl, lineHeight: vars.lineHeight.tight, color: vars.color.ink },
});

export const pageBalance = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const eyeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

export const headerBalance = style({
  display: 'inline-flex',
  flexShrink: 0,
  whiteSpace: 'nowrap',
  alignItems: 'center',
  gap: vars.space['1'],
  paddingLeft: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
});

export const headerLink = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['1'],
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

// The amount is what matters on a phone, and on desktops where the signed-in header is one tight row
// (shell.css.ts); the word "Saldo" stays for screen readers.
export const headerLabel = style({
  '@media': {
    'screen and (max-width: 479px), screen and (min-width: 1024px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

const narrow = 'screen and (max-width: 479px)';
export const wideOnly = style({ '@media': { [narrow]: { display: 'none' } } });
export const narrowOnly = style({ display: 'none', '@media': { [narrow]: { display: 'inline' } } });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});

export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const rowTitle = style({ fontWeight: vars.fontWeight.semibold });

export const amountIn = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' });
export const amountOut = style({ color: vars.color.ink, fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' });

export const nextDonation = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const causeForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
  '@media': { [breakpoints.tablet]: { flexDirection: 'row', alignItems: 'flex-end' } },
});

export const causeSelect = style({ flex: 1 });

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['6'],
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
