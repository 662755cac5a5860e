import { globalStyle, style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { FIRST_SCREEN_CLASSES } from '../../contracts/first-screen';
import { vars } from './theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.brandStrong,
    color: vars.color.onBrand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover, color: vars.color.onBrand } },
  },
  accent: {
    background: vars.color.sun,
    color: vars.color.ink,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.sunHover, color: vars.color.ink } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brandStrong,
    borderColor: vars.color.brandStrong,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft, color: vars.color.brandHover } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.ink,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft, color: vars.color.ink } },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.onBrand,
    selectors: { '&:hover:not(:disabled)': { background: '#912018', color: vars.color.onBrand } },
  },
});

const sizes = {
  sm: { minHeight: '32px', padding: `${vars.space['1']} ${vars.space['3']}`, fontSize: vars.fontSize.sm },
  md: { minHeight: '44px', padding: `${vars.space['2']} ${vars.space['4']}`, fontSize: vars.fontSize.md },
  lg: { minHeight: '52px', padding: `${vars.space['3']} ${vars.space['6']}`, fontSize: vars.fontSize.lg },
} satisfies Record<string, StyleRule>;
export const size = styleVariants(sizes);
// A large button's box in the first screen the server paints before any script runs (the home's hero).
globalStyle(`.${FIRST_SCREEN_CLASSES.largeButton}`, { ...sizes.lg, display: 'inline-block' });

export const fullWidth = style({ width: '100%' });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: 'semear-spin 700ms linear infinite',
});
