import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const layout = style({
  display: 'grid',
  // One column on a phone, never wider than the screen: a wide table scrolls in its own box.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 400px)' } },
});

export const previewColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  '@media': { [breakpoints.desktop]: { position: 'sticky', top: vars.space['6'] } },
});

/** The card keeps the proportions of a payment card (85.6 × 54 mm) on every screen: no jump as it renders. */
export const card = style({
  aspectRatio: '85.6 / 54',
  width: '100%',
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  gap: vars.space['2'],
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const cardTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontWeight: vars.fontWeight.bold });
export const motif = style({ fontSize: vars.fontSize.xl, lineHeight: 1 });
export const cardValue = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });
export const cardMessage = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const cardFoot = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['2'], fontSize: vars.fontSize.xs });

export const muted = style({ color: vars.color.muted, margin: 0, fontSize: vars.fontSize.sm });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}` });

export const templates = style({ display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' });
export const templateChoice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['2'],
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});
export const swatch = style({
  aspectRatio: '85.6 / 54',
  borderRadius: vars.radius.sm,
  display: 'grid',
  placeItems: 'center',
  fontSize: vars.fontSize.xl,
});

export const recipientRow = style({
  display: 'grid',
  gap: vars.space['3'],
  paddingBlock: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const rowTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, gridColumn: '1 / -1' });

export const summary = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space['2']} ${vars.space['4']}` });
export const term = style({ color: vars.color.muted });
export const definition = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const steps = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});
export const stepNumber = style({ color: vars.color.brand, fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.xl, margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
export const gallery = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
});
export const faqItem = style({ borderBottom: `1px solid ${vars.color.border}`, paddingBlock: vars.space['3'] });
export const faqQuestion = style({ cursor: 'pointer', fontWeight: vars.fontWeight.semibold });
export const faqAnswer = style({ marginTop: vars.space['2'], color: vars.color.inkSoft });
export const templatesFieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['2'] });
export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, margin: 0, fontWeight: vars.fontWeight.medium });

export const orderedCards = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });
export const orderedCard = style({
  display: 'grid',
  gap: vars.space['1'],
  paddingBlock: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
});
export const code = style({
  fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-all',
});
export const cardActions = style({ display: 'grid', gap: vars.space['2'], marginTop: vars.space['2'] });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const progress = style({ width: '100%', height: vars.space['3'], accentColor: vars.color.brand });
export const tableScroll = style({ overflowX: 'auto', maxHeight: '24rem', overflowY: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const logoImage = style({ maxWidth: '100%', width: '19rem', aspectRatio: '19 / 9', objectFit: 'contain', background: '#fff' });
export const cardLogo = style({
  height: '2.5rem',
  aspectRatio: '19 / 9',
  objectFit: 'contain',
  background: '#fff',
  borderRadius: vars.radius.sm,
});
