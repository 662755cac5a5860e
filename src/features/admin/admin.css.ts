import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui/theme.css';

// minmax(0, 1fr), not 1fr: a column of 1fr is at least as wide as its widest content (a table, a
// preview frame), which widened the whole page past a phone's screen. Wide content scrolls in its own box.
export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '220px minmax(0, 1fr)' } },
});
export const sideList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  '@media': { [breakpoints.desktop]: { flexDirection: 'column' } },
});
export const sideLink = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.inkSoft,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { background: vars.color.brandSoft, color: vars.color.ink },
    '&[data-status="published"]': { background: vars.color.brandSoft, color: vars.color.brandHover, fontWeight: vars.fontWeight.semibold },
  },
});
export const sideTitle = style({
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.muted,
  marginBottom: vars.space['2'],
});

export const needed = style({ margin: 0, paddingLeft: vars.space['6'] });
export const openList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });
globalStyle(`${openList} a`, { fontWeight: vars.fontWeight.semibold });
export const openLead = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.sm });

export const enrolBanner = style({ marginBottom: vars.space['4'] });
