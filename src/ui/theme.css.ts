import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/**
 * Semear design tokens (docs/brand.md). Every text/background pair listed here meets WCAG AA:
 * brandStrong on white 5.3:1, ink on sun 8:1, muted on surface 5.6:1, danger on white 6.6:1.
 * `brand` (#1F8A5B, 4.3:1 on white) is for large text, borders and decoration only.
 */
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#1F8A5B',
    brandStrong: '#187A4F',
    brandHover: '#146641',
    brandSoft: '#E8F4EE',
    ink: '#14211B',
    inkSoft: '#2E3D35',
    muted: '#5A6B62',
    sun: '#F2A33A',
    sunHover: '#E08F22',
    sunSoft: '#FDF1DF',
    background: '#F7F5EF',
    surface: '#FFFFFF',
    border: '#D5DDD8',
    borderStrong: '#7D8C84',
    danger: '#B42318',
    dangerSoft: '#FDECEA',
    success: '#187A4F',
    focus: '#0B5FFF',
    onBrand: '#FFFFFF',
    overlay: 'rgba(20, 33, 27, 0.55)',
  },
  font: {
    body: '"Inter Variable", Inter, "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  fontSize: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '24px', xxl: '32px', xxxl: '40px' },
  lineHeight: { tight: '1.2', normal: '1.5' },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
    '16': '64px',
  },
  radius: { sm: '8px', md: '12px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(20, 33, 27, 0.06), 0 4px 12px rgba(20, 33, 27, 0.06)',
    dialog: '0 12px 40px rgba(20, 33, 27, 0.24)',
  },
  motion: { fast: '150ms', normal: '200ms', slow: '250ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
  layout: { maxWidth: '1120px', narrow: '560px' },
  z: { header: '10', progress: '50', dialog: '100', toast: '200' },
});

export const breakpoints = { tablet: 'screen and (min-width: 768px)', desktop: 'screen and (min-width: 1024px)' } as const;

// Motion is off when the user asks for less of it.
globalStyle(':root', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: { [vars.motion.fast]: '0ms', [vars.motion.normal]: '0ms', [vars.motion.slow]: '0ms' },
    },
  },
});
