import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const years = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const year = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  alignItems: 'center',
  gap: vars.space['3'],
  paddingBlock: vars.space['3'],
  borderBlockEnd: `1px solid ${vars.color.border}`,
  scrollMarginTop: vars.space['8'],
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});

export const yearTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, margin: 0 });

export const total = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
