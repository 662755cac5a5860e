import { globalStyle, style, type StyleRule } from '@vanilla-extract/css';
import { FIRST_SCREEN_CLASSES as fs } from '../../../contracts/first-screen';
import { breakpoints, vars } from '../../ui/theme.css';

// The hero's boxes and text: the server paints them with FIRST_SCREEN_CLASSES before any script runs.
const heroRule = {
  display: 'grid',
  gap: vars.space['8'],
  alignItems: 'center',
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.2fr 1fr' } },
} satisfies StyleRule;
const heroTitleRule = {
  fontSize: vars.fontSize.xxl,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxxl } },
} satisfies StyleRule;
const heroLeadRule = { fontSize: vars.fontSize.lg, color: vars.color.inkSoft, maxWidth: '560px' } satisfies StyleRule;
export const hero = style(heroRule);
export const heroTitle = style(heroTitleRule);
export const heroLead = style(heroLeadRule);
globalStyle(`.${fs.hero}`, heroRule);
globalStyle(`.${fs.heroTitle}`, heroTitleRule);
globalStyle(`.${fs.heroLead}`, heroLeadRule);
const heroActionsRule = { display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['6'] } satisfies StyleRule;
export const heroActions = style(heroActionsRule);
globalStyle(`.${fs.heroActions}`, heroActionsRule);
const heroArtRule = { width: '100%', maxWidth: '420px', aspectRatio: '1 / 1', justifySelf: 'center' } satisfies StyleRule;
export const heroArt = style(heroArtRule);
globalStyle(`.${fs.heroArt}`, heroArtRule);
export const section = style({ marginTop: vars.space['16'] });
export const sectionLead = style({ color: vars.color.inkSoft, maxWidth: '640px', marginBottom: vars.space['6'] });
export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  background: vars.color.sun,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['3'],
});
export const causeCard = style({
  display: 'block',
  height: '100%',
  padding: vars.space['6'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.ink,
  textDecoration: 'none',
  borderTop: `4px solid ${vars.color.brand}`,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: { '&:hover': { transform: 'translateY(-2px)', color: vars.color.ink } },
});
export const causeTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space['2'],
  display: 'block',
});
export const muted = style({ color: vars.color.inkSoft, margin: 0 });
export const way = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], height: '100%' });
export const wayLink = style({ marginTop: 'auto', fontWeight: vars.fontWeight.semibold });
export const band = style({
  marginTop: vars.space['16'],
  padding: vars.space['8'],
  borderRadius: vars.radius.md,
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
});
export const bandTitle = style({ color: vars.color.onBrand, margin: 0 });
export const sectionHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});
export const totals = style({
  marginTop: vars.space['12'],
  padding: vars.space['6'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const totalsList = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  margin: 0,
  textAlign: 'center',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});
// The figure reads first (dd above dt visually), the label stays after it for screen readers' dt/dd order.
export const total = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space['1'] });
export const totalLabel = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});
export const totalValue = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandStrong,
});
