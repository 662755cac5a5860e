import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}`, outline: 'none' });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['4'],
  marginBottom: vars.space['4'],
});

export const filterGroup = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], border: 0, padding: 0, margin: 0 });

export const typeFilter = style({ minWidth: '14rem' });

export const bulk = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], marginBottom: vars.space['3'] });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space['3'],
  alignItems: 'start',
  padding: vars.space['4'],
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'auto 1fr auto' } },
});

export const unread = style({ borderLeft: `4px solid ${vars.color.brand}` });

export const itemBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const unreadMark = style({ color: vars.color.brandStrong, fontWeight: vars.fontWeight.semibold });

export const itemAction = style({ gridColumn: '2', '@media': { [breakpoints.tablet]: { gridColumn: 'auto' } } });

export const link = style({ color: vars.color.brandStrong, fontWeight: vars.fontWeight.semibold });

export const more = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space['4'] });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['4'] });

export const text = style({ margin: 0, color: vars.color.ink });
