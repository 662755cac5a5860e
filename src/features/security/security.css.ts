import { style } from '@vanilla-extract/css';
import { vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });
export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, margin: 0 });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}` });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingBlock: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['4'] });
export const qr = style({ width: '200px', height: '200px', imageRendering: 'pixelated', background: '#fff' });
export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.md,
  overflowWrap: 'anywhere',
  letterSpacing: '0.08em',
});
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['3']} 0`,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.md,
});
