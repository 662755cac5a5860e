import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

// One column on phones and tablets, never wider than the screen (an implicit column grows to its content).
export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 320px', alignItems: 'start' } },
});
export const side = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  position: 'sticky',
  top: vars.space['4'],
  // The history names fields and versions in long unbroken words: they wrap rather than widen the page.
  overflowWrap: 'anywhere',
});
export const status = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center', fontSize: vars.fontSize.sm });
export const counter = style({ fontVariantNumeric: 'tabular-nums' });
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const hidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const tags = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const storyFrame = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  padding: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
  alignItems: 'center',
});
export const tool = style({
  minWidth: '40px',
  minHeight: '40px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.ink,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brandSoft, borderColor: vars.color.brand } },
});
export const linkForm = style({ display: 'flex', gap: vars.space['2'], alignItems: 'end', flexBasis: '100%' });
export const story = style({ minHeight: '240px', padding: vars.space['4'], outline: 'none', lineHeight: vars.lineHeight.normal });
globalStyle(`${story} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${story}:focus-visible`, { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` });

export const fileLabel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
});
globalStyle(`${fileLabel} input`, { maxWidth: '100%' });
export const cropper = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space['3'], overflowWrap: 'anywhere' });
export const focusPicker = style({
  position: 'relative',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'crosshair',
  justifySelf: 'start',
});
globalStyle(`${focusPicker} img`, { display: 'block', maxWidth: '100%', maxHeight: '320px' });
export const focusMark = style({
  position: 'absolute',
  width: '24px',
  height: '24px',
  marginLeft: '-12px',
  marginTop: '-12px',
  borderRadius: '50%',
  border: '3px solid #fff',
  boxShadow: '0 0 0 2px #14211B',
  pointerEvents: 'none',
});
export const coverPreview = style({
  width: '100%',
  maxWidth: '480px',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});

export const ogCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  maxWidth: '420px',
  background: vars.color.surface,
});
globalStyle(`${ogCard} img`, { display: 'block', width: '100%', aspectRatio: '1200 / 630', objectFit: 'cover' });
export const ogText = style({ padding: vars.space['3'], display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm });

export const frames = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['4'], alignItems: 'start' });
// A phone's width, or the whole dialog's where it is narrower (the admin on a phone).
export const phoneFrame = style({
  width: '390px',
  maxWidth: '100%',
  height: '720px',
  border: `8px solid ${vars.color.ink}`,
  borderRadius: '24px',
  background: '#fff',
});
export const desktopWrap = style({
  width: '640px',
  maxWidth: '100%',
  height: '450px',
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
});
export const desktopFrame = style({ width: '1280px', height: '900px', border: 0, transform: 'scale(0.5)', transformOrigin: '0 0' });
export const compare = style({ display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' });
export const diff = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], fontSize: vars.fontSize.sm });
