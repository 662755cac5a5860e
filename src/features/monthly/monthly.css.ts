import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });
export const impactAmount = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandStrong,
  whiteSpace: 'nowrap',
});
export const bigAmount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandStrong,
  whiteSpace: 'nowrap',
  margin: 0,
});
export const steps = style({ display: 'grid', gap: vars.space['3'], paddingLeft: vars.space['6'], margin: 0 });
export const muted = style({ color: vars.color.muted, margin: 0 });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
});
export const term = style({ color: vars.color.muted });
export const definition = style({ margin: 0, fontWeight: vars.fontWeight.medium });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const status = style({
  display: 'inline-block',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  selectors: {
    '&[data-status="past_due"]': { background: vars.color.sunSoft, color: vars.color.ink },
    '&[data-status="paused"]': { background: vars.color.background, color: vars.color.inkSoft },
    '&[data-status="canceled"]': { background: vars.color.dangerSoft, color: vars.color.danger },
  },
});
