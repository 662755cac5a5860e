import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'], display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, margin: 0 });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['4']}` });

export const details = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `${vars.space['3']} ${vars.space['6']}`,
  margin: 0,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, fontWeight: vars.fontWeight.medium });

export const definition = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.ink, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['6'] });
