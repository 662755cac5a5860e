import { globalStyle, style, type StyleRule } from '@vanilla-extract/css';
import { FIRST_SCREEN_CLASSES as fs } from '../../../contracts/first-screen';
import { breakpoints, vars } from '../../ui/theme.css';

// Campaign page (/{slug}): header, donate box, then the story. On desktop the donate box sits beside
// both and stays in view; on phones it follows the header, before the long story.
const layoutRule = {
  display: 'grid',
  columnGap: vars.space['8'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"header" "aside" "body"',
  '@media': {
    [breakpoints.desktop]: {
      gridTemplateColumns: 'minmax(0, 1.7fr) minmax(320px, 1fr)',
      gridTemplateAreas: '"header aside" "body aside"',
      alignItems: 'start',
    },
  },
} satisfies StyleRule;
export const layout = style(layoutRule);
const areaHeaderRule = { gridArea: 'header' } satisfies StyleRule;
export const areaHeader = style(areaHeaderRule);
export const areaBody = style({ gridArea: 'body', marginTop: vars.space['8'] });
const coverRule = {
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
} satisfies StyleRule;
export const cover = style(coverRule);
const headerRule = { display: 'flex', flexDirection: 'column', gap: vars.space['3'], marginBottom: vars.space['6'] } satisfies StyleRule;
export const header = style(headerRule);
// The cover (the page's largest paint) in its boxes, as the server paints them before any script runs.
globalStyle(`.${fs.campaignLayout}`, layoutRule);
globalStyle(`.${fs.campaignHeader}`, { ...headerRule, ...areaHeaderRule });
globalStyle(`.${fs.cover}`, coverRule);
export const title = style({ margin: 0 });
export const lead = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.inkSoft });
export const meta = style({ margin: 0, color: vars.color.muted });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', padding: 0, margin: 0 });
export const aside = style({
  gridArea: 'aside',
  alignSelf: 'start',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  '@media': { [breakpoints.desktop]: { position: 'sticky', top: vars.space['6'] } },
});
export const section = style({ marginTop: vars.space['10'] });
export const sectionHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

// The story comes as sanitised HTML: give its elements the page's rhythm.
export const story = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, maxWidth: '70ch', overflowWrap: 'anywhere' });
globalStyle(`${story} p`, { margin: `0 0 ${vars.space['4']}` });
globalStyle(`${story} h2, ${story} h3`, { fontSize: vars.fontSize.lg, marginTop: vars.space['6'] });
globalStyle(`${story} blockquote`, {
  margin: `0 0 ${vars.space['4']}`,
  paddingLeft: vars.space['4'],
  borderLeft: `4px solid ${vars.color.sun}`,
  color: vars.color.inkSoft,
});
globalStyle(`${story} ul, ${story} ol`, { margin: `0 0 ${vars.space['4']}`, paddingLeft: vars.space['6'] });

export const amounts = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const amountLegend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['2'], padding: 0 });
export const amountChoices = style({ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: vars.space['2'] });
export const amountInput = style({ position: 'absolute', opacity: 0, width: '1px', height: '1px' });
export const amountChoice = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brandStrong, background: vars.color.brandSoft, color: vars.color.brandHover },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const share = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', padding: 0, margin: 0 });
export const shareLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft, color: vars.color.ink } },
});
// WhatsApp first and in its own colour: it is how most Brazilians share (docs/brand.md). #0E6B4C on white passes AA.
export const whatsapp = style({
  background: '#0E6B4C',
  borderColor: '#0E6B4C',
  color: vars.color.onBrand,
  selectors: { '&:hover': { background: '#0A5139', color: vars.color.onBrand } },
});

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const listItem = style({
  padding: vars.space['4'],
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const listHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['2'], flexWrap: 'wrap', margin: 0 });
export const name = style({ fontWeight: vars.fontWeight.semibold });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const messageText = style({ margin: `${vars.space['2']} 0 0`, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const amount = style({ fontWeight: vars.fontWeight.semibold, whiteSpace: 'nowrap' });

export const tabs = style({
  display: 'flex',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['6']}`,
  flexWrap: 'wrap',
});

// Search
export const searchForm = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' },
    [breakpoints.desktop]: { gridTemplateColumns: '2fr 1fr 1fr 1fr auto' },
  },
});
export const searchText = style({
  '@media': { [breakpoints.tablet]: { gridColumn: '1 / -1' }, [breakpoints.desktop]: { gridColumn: 'auto' } },
});
export const results = style({ marginTop: vars.space['8'] });
export const empty = style({
  textAlign: 'center',
  padding: vars.space['10'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  alignItems: 'center',
});

export const thanksActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

// Phones: the donate box scrolls away with the story, so a bar at the bottom of the screen keeps the
// way to give in reach until the end of the page (sticky, so it never covers the footer).
export const mobileDonateBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  marginTop: vars.space['8'],
  padding: `${vars.space['3']} 0`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  transition: `transform ${vars.motion.normal} ${vars.motion.easing}, visibility 0s`,
  selectors: {
    // Slides away while the donate box is on screen; its place stays, so nothing below it moves.
    '&[data-hidden]': {
      transform: 'translateY(110%)',
      visibility: 'hidden',
      transition: `transform ${vars.motion.normal} ${vars.motion.easing}, visibility 0s linear ${vars.motion.normal}`,
    },
  },
  '@media': { [breakpoints.desktop]: { display: 'none' } },
});
globalStyle(`${mobileDonateBar} > a`, { flex: 1, textAlign: 'center', whiteSpace: 'nowrap' });
