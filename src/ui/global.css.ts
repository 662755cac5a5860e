import { globalFontFace, globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Inter arrives after the first paint; until then text is drawn in Arial (Liberation Sans, its metric
// twin, on Linux) scaled to Inter's width and line box, so the swap moves no line and wraps no button.
globalFontFace('Inter Fallback', {
  src: 'local("Arial"), local("Liberation Sans"), local("Helvetica"), local("Arimo")',
  sizeAdjust: '107.1%',
  ascentOverride: '90.4%',
  descentOverride: '22.5%',
  lineGapOverride: '0%',
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%', scrollBehavior: 'smooth' });
globalStyle('html', { '@media': { '(prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' } } });
globalStyle('*, *::before, *::after', {
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' } },
});
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.ink,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  // A word longer than the line (an e-mail, a file name) breaks where it must rather than widen the page
  // past a phone's screen; 'anywhere' also lets flex and grid items shrink below such a word.
  overflowWrap: 'anywhere',
});
// A data table keeps its words whole and scrolls sideways in its own box (TableScroll) instead.
globalStyle('table', { overflowWrap: 'normal' });
globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight, margin: `0 0 ${vars.space['3']}`, fontWeight: vars.fontWeight.bold });
globalStyle('h1', { fontSize: vars.fontSize.xxl, '@media': { 'screen and (min-width: 768px)': { fontSize: vars.fontSize.xxxl } } });
globalStyle('h2', { fontSize: vars.fontSize.xl });
globalStyle('h3', { fontSize: vars.fontSize.lg });
globalStyle('p', { margin: `0 0 ${vars.space['4']}` });
globalStyle('a', { color: vars.color.brandStrong, textUnderlineOffset: '2px' });
globalStyle('a:hover', { color: vars.color.brandHover });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('img, svg', { maxWidth: '100%' });
globalStyle('button, input, select, textarea', { font: 'inherit' });
