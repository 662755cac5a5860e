import { globalStyle, style } from '@vanilla-extract/css';
import { FIRST_SCREEN_CLASSES } from '../../../contracts/first-screen';
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

/** Below tablet widths the header is one row: the links and the language fold into the menu. */
const phone = 'screen and (max-width: 767px)';
const HEADER_HEIGHT = '64px';
const HEADER_COMPACT = '52px';
/** The one-row header from tablet widths up: 44 px controls, 12 px above and below, the 1 px border. */
const HEADER_ROW_HEIGHT = '69px';

// The header's bar in the first screen the server paints before any script runs: the header's height,
// so the page under it starts where the app's will.
globalStyle(`.${FIRST_SCREEN_CLASSES.header}`, { height: HEADER_ROW_HEIGHT, '@media': { [phone]: { height: HEADER_HEIGHT } } });

/**
 * On phones the header is fixed over this reserved space rather than sticky in the flow: when it
 * gets shorter on scroll, nothing under the reader's eye moves (it only uncovers a strip of page).
 * It is also the sentinel that tells the header the page has scrolled.
 */
export const headerSpace = style({ display: 'none', '@media': { [phone]: { display: 'block', height: HEADER_HEIGHT } } });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  minHeight: HEADER_ROW_HEIGHT,
  '@media': {
    [phone]: {
      minHeight: 0,
      position: 'fixed',
      left: 0,
      right: 0,
      height: HEADER_HEIGHT,
      transition: `height ${vars.motion.normal} ${vars.motion.easing}`,
      selectors: { '&[data-compact]': { height: HEADER_COMPACT } },
    },
  },
});

// What Tab or a link to an anchor scrolls to is never left under the phone's fixed header.
globalStyle('html', { '@media': { [phone]: { scrollPaddingTop: HEADER_HEIGHT } } });

export const headerInner = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  paddingBlock: vars.space['3'],
  '@media': { [phone]: { flexWrap: 'nowrap', gap: vars.space['2'], paddingBlock: 0, height: '100%' } },
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  gap: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brandStrong } },
});

// The sprout alone on narrow phones (the link's name says "Semear"): the account's tools need the room.
export const logoText = style({ '@media': { 'screen and (max-width: 479px)': { display: 'none' } } });

/**
 * The main links and the language: laid out inline (as if this box were not there) from tablet
 * widths; on phones, the menu's panel under the header, shown when the menu button opens it.
 */
export const menuPanel = style({
  display: 'contents',
  '@media': {
    [phone]: {
      display: 'none',
      position: 'absolute',
      top: '100%',
      left: 0,
      right: 0,
      flexDirection: 'column',
      gap: vars.space['3'],
      padding: `${vars.space['2']} ${vars.space['4']} ${vars.space['4']}`,
      maxHeight: `calc(100dvh - ${HEADER_HEIGHT})`,
      overflowY: 'auto',
      background: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
      boxShadow: vars.shadow.dialog,
      selectors: { '&[data-open]': { display: 'flex' } },
    },
  },
});

export const menuButton = style({
  display: 'none',
  '@media': {
    [phone]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      width: '44px',
      height: '44px',
      padding: 0,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.sm,
      background: vars.color.surface,
      color: vars.color.ink,
      cursor: 'pointer',
      selectors: { '&[aria-expanded="true"]': { background: vars.color.brandSoft } },
    },
  },
});

const navBase = { order: 3, width: '100%', overflowX: 'auto' } as const;
const navInline = { order: 0, width: 'auto', flex: 1 } as const;
// In the phone's menu the links come first, as they do in the focus order.
const navInMenu = { order: 0 } as const;

/** The main links: their own row on tablets, beside the logo from desktop widths, in the menu on phones. */
export const nav = style({ ...navBase, '@media': { [phone]: navInMenu, [breakpoints.desktop]: navInline } });

/**
 * Signed in, the header also carries the balance, the notifications bell and the account menu. On
 * tablets the links keep their own row; from desktop widths everything is one row (the header's
 * container is at most 1120 px wide, so 992 to 1088 px of room): closer items, narrower links, the
 * balance without the word "Saldo" and the account's avatar without the first name (the links' names
 * keep both), and between 1024 and 1279 px the sprout without the word "Semear".
 */
export const navBesideAccount = style({ ...navBase, '@media': { [phone]: navInMenu, [breakpoints.desktop]: navInline } });

/** Added to the header's row when signed in (see navBesideAccount). */
export const signedInRow = style({ '@media': { [breakpoints.desktop]: { flexWrap: 'nowrap', columnGap: vars.space['2'] } } });
/** Desktop widths below 1280 px, where the signed-in row also drops the logo's word. */
const tightDesktop = 'screen and (min-width: 1024px) and (max-width: 1279px)';

export const navList = style({
  display: 'flex',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  whiteSpace: 'nowrap',
  '@media': { [phone]: { flexDirection: 'column' } },
});

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
  '@media': { [phone]: { display: 'block', paddingBlock: vars.space['3'] } },
});
globalStyle(`${signedInRow} ${navLink}`, { '@media': { [breakpoints.desktop]: { paddingInline: vars.space['2'] } } });
globalStyle(`${signedInRow} ${logoText}`, { '@media': { [tightDesktop]: { display: 'none' } } });

export const tools = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginLeft: 'auto',
  '@media': { [phone]: { gap: vars.space['1'], flexShrink: 0 }, [breakpoints.tablet]: { marginLeft: 0 } },
});

// Narrow phones: "Iniciar sesión" and "Registrarse" (es) beside the menu button fit 360 px with less padding.
export const visitorButton = style({
  whiteSpace: 'nowrap',
  '@media': { 'screen and (max-width: 479px)': { paddingInline: vars.space['2'] } },
});

// From tablet widths the language sits first among the tools, as a flex item of the header row of
// its own (the menu's box is display: contents there): the auto margin pushes it and the tools right,
// the negative one keeps the tools' own spacing to them.
export const languageSelect = style({
  width: 'auto',
  '@media': {
    [phone]: { width: '100%' },
    [breakpoints.tablet]: { marginLeft: 'auto', marginRight: `calc(${vars.space['2']} - ${vars.space['4']})` },
  },
});
// The signed-in row's gap is already the tools' own spacing.
globalStyle(`${signedInRow} ${languageSelect}`, { '@media': { [breakpoints.desktop]: { marginRight: 0 } } });

// At least a screen tall: while a page loads, the footer stays below the fold instead of being pushed down in view.
export const main = style({
  flex: 1,
  minHeight: ['100vh', '100svh'],
  paddingBlock: vars.space['8'],
  selectors: { '&:focus': { outline: 'none' } },
});

export const footer = style({ background: vars.color.ink, color: '#E6ECE8', paddingBlock: vars.space['10'], marginTop: vars.space['12'] });

export const footerGrid = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr 1fr' } },
});

export const footerTitle = style({ fontSize: vars.fontSize.md, color: vars.color.surface, marginBottom: vars.space['2'] });

export const footerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

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
