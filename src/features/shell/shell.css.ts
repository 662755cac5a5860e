import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui/theme.css';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const skipLink = style({
  position: 'absolute',
  left: vars.space['4'],
  top: '-100px',
  zIndex: vars.z.toast,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.ink,
  color: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:focus': { top: vars.space['2'], color: vars.color.surface } },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  paddingBlock: vars.space['3'],
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandStrong } },
});

const navBase = { order: 3, width: '100%', overflowX: 'auto' } as const;
const navInline = { order: 0, width: 'auto', flex: 1 } as const;

/** The main links: their own row on small screens, beside the logo from desktop widths. */
export const nav = style({ ...navBase, '@media': { [breakpoints.desktop]: navInline } });

/**
 * Signed in, the header also carries the balance, the notifications bell and the account menu: the
 * links keep their own row until the screen is wide enough for all of it, instead of being cut off.
 */
export const navBesideAccount = style({ ...navBase, '@media': { 'screen and (min-width: 1400px)': navInline } });

export const navList = style({ display: 'flex', gap: vars.space['1'], listStyle: 'none', margin: 0, padding: 0, whiteSpace: 'nowrap' });

export const navLink = style({
  display: 'inline-block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.brandSoft, color: vars.color.ink },
    '&[data-status="active"]': { color: vars.color.brandStrong, background: vars.color.brandSoft },
  },
});

export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], marginLeft: 'auto' });

export const languageSelect = style({ width: 'auto' });

export const main = style({ flex: 1, paddingBlock: vars.space['8'], selectors: { '&:focus': { outline: 'none' } } });

export const footer = style({ background: vars.color.ink, color: '#E6ECE8', paddingBlock: vars.space['10'], marginTop: vars.space['12'] });

export const footerGrid = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr 1fr' } },
});

export const footerTitle = style({ fontSize: vars.fontSize.md, color: vars.color.surface, marginBottom: vars.space['2'] });

export const footerList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const footerLink = style({ color: '#E6ECE8', selectors: { '&:hover': { color: vars.color.sun } } });

export const footerSmall = style({ fontSize: vars.fontSize.sm, color: '#C3CEC8', marginTop: vars.space['6'] });

export const progress = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: '3px',
  zIndex: vars.z.progress,
  pointerEvents: 'none',
});

export const progressFill = style({
  height: '100%',
  background: vars.color.sun,
  boxShadow: `0 0 6px ${vars.color.sun}`,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
});
