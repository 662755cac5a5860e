import { style } from '@vanilla-extract/css';
import { vars } from '../../ui';

export const page = style({ paddingBlock: vars.space['8'] });

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, margin: `0 0 ${vars.space['2']}` });

export const lead = style({ color: vars.color.muted, margin: `0 0 ${vars.space['6']}` });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
  fontSize: vars.fontSize.sm,
});

export const link = style({ color: vars.color.brandStrong, fontWeight: vars.fontWeight.semibold });
