import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../ui';

export const groups = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr' } },
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const legend = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['2'], padding: 0 });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted });
