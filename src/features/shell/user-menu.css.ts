import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const narrow = 'screen and (max-width: 479px)';

export const wrapper = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  gap: vars.space['2'],
  '@media': { [narrow]: { gap: vars.space['1'] } },
});

// On narrow phones, and on desktops where the header's links share its one row, the trigger is the
// avatar alone (its name already says whose menu it is).
const avatarOnly = `${narrow}, screen and (min-width: 1024px)`;
export const triggerName = style({ '@media': { [avatarOnly]: { display: 'none' } } });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  padding: `${vars.space['1']} ${vars.space['3']} ${vars.space['1']} ${vars.space['1']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
  '@media': { [avatarOnly]: { paddingRight: vars.space['1'] } },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.sm,
});

export const panel = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 8px)',
  minWidth: '200px',
  margin: 0,
  padding: vars.space['2'],
  listStyle: 'none',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.dialog,
  zIndex: vars.z.dialog,
});

export const item = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.ink,
  textAlign: 'left',
  textDecoration: 'none',
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandSoft, color: vars.color.ink } },
});

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  color: vars.color.ink,
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

export const count = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '20px',
  height: '20px',
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '20px',
  textAlign: 'center',
});
