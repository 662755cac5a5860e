import { globalStyle, style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { FIRST_SCREEN_CLASSES } from '../../contracts/first-screen';
import { breakpoints, vars } from './theme.css';

const containerRule = {
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.space['4'],
} satisfies StyleRule;
export const container = style(containerRule);
// The same box for the first screen the server paints before any script runs (contracts/first-screen.ts).
globalStyle(`.${FIRST_SCREEN_CLASSES.container}`, containerRule);
export const narrow = style({ maxWidth: vars.layout.narrow });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space['6'],
});

export const stack = style({ display: 'flex', flexDirection: 'column' });
export const stackGap = styleVariants({
  '1': { gap: vars.space['1'] },
  '2': { gap: vars.space['2'] },
  '3': { gap: vars.space['3'] },
  '4': { gap: vars.space['4'] },
  '6': { gap: vars.space['6'] },
  '8': { gap: vars.space['8'] },
});

export const notice = style({ padding: vars.space['4'], borderRadius: vars.radius.sm, borderLeft: '4px solid' });
export const noticeTone = styleVariants({
  info: { background: vars.color.brandSoft, borderColor: vars.color.brandStrong, color: vars.color.ink },
  warning: { background: vars.color.sunSoft, borderColor: vars.color.sun, color: vars.color.ink },
  error: { background: vars.color.dangerSoft, borderColor: vars.color.danger, color: vars.color.ink },
});

export const meter = style({ height: '8px', borderRadius: vars.radius.pill, background: vars.color.brandSoft, overflow: 'hidden' });
export const meterFill = style({ height: '100%', background: vars.color.sun, borderRadius: vars.radius.pill });

export const spinner = style({
  display: 'inline-block',
  width: '24px',
  height: '24px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brandStrong,
  animation: 'semear-spin 800ms linear infinite',
});

// Card lists: one column on phones, more as the screen grows (home, search, the monthly giving page).
const cardList = style({ display: 'grid', gap: vars.space['4'], gridTemplateColumns: '1fr', listStyle: 'none', padding: 0, margin: 0 });
export const cardGrid = styleVariants({
  /** Three across from tablets up. */
  three: [cardList, { '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } } }],
  /** Two on tablets, three on desktops (room for a filter bar's long cards). */
  twoThenThree: [
    cardList,
    {
      '@media': {
        [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
        [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' },
      },
    },
  ],
  /** Two on tablets, four on desktops. */
  twoThenFour: [
    cardList,
    {
      '@media': {
        [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
        [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
      },
    },
  ],
});

/** A wide table's own horizontal scroll, so the page itself never scrolls sideways on a phone. */
export const tableScroll = style({
  maxWidth: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
});
