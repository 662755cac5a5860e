import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui/theme.css';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});
export const prose = style({ maxWidth: '720px' });
export const faq = style({
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space['4'],
});
export const faqQuestion = style({ cursor: 'pointer', fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.lg });
export const faqAnswer = style({ marginTop: vars.space['3'], color: vars.color.inkSoft });
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['6']}`,
});
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.inkSoft,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { background: vars.color.brandSoft, color: vars.color.ink },
    '&[data-status="active"]': { background: vars.color.brandStrong, borderColor: vars.color.brandStrong, color: vars.color.onBrand },
  },
});
export const amount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandStrong,
  whiteSpace: 'nowrap',
});
export const searchForm = style({ display: 'flex', gap: vars.space['3'], alignItems: 'flex-end', flexWrap: 'wrap' });
export const searchField = style({ flex: '1 1 260px' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', padding: 0, margin: 0 });

globalStyle(`${prose} h2:not(:first-child)`, { marginTop: vars.space['8'] });

/** The DPO's contact on the privacy policy: set apart from the policy's text, its line breaks kept. */
export const contactBox = style({
  maxWidth: '720px',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
});
export const preLine = style({ whiteSpace: 'pre-line' });
