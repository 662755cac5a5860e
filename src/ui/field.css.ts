import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.ink });

export const requiredMark = style({ color: vars.color.danger, marginLeft: vars.space['1'] });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, margin: 0, fontWeight: vars.fontWeight.medium });

export const control = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: vars.fontSize.md,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { borderColor: vars.color.ink },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&:disabled': { background: vars.color.background, color: vars.color.muted, cursor: 'not-allowed' },
    '&::placeholder': { color: vars.color.muted },
  },
});

export const textarea = style({ minHeight: '96px', resize: 'vertical' });

export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
});

// 24 × 24 px at least: the target size a finger needs (WCAG 2.5.8), also on a phone.
export const choiceInput = style({
  width: '24px',
  height: '24px',
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.brandStrong,
  cursor: 'pointer',
});

export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const legend = style([label, { padding: 0, marginBottom: vars.space['1'] }]);

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space['2']} ${vars.space['6']}` });
