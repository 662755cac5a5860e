import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  zIndex: vars.z.dialog,
  animation: `${fadeIn} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const panel = style({
  position: 'relative',
  width: '100%',
  maxWidth: '480px',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.ink,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.dialog,
  padding: vars.space['6'],
  animation: `${rise} ${vars.motion.slow} ${vars.motion.easing}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const title = style({ fontSize: vars.fontSize.xl, margin: `0 ${vars.space['8']} ${vars.space['2']} 0` });

export const description = style({ color: vars.color.inkSoft, margin: `0 0 ${vars.space['4']}` });

export const close = style({
  position: 'absolute',
  top: vars.space['3'],
  right: vars.space['3'],
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.ink,
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  justifyContent: 'flex-end',
  marginTop: vars.space['6'],
});
