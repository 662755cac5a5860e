import { escapeHtml } from '../http/escape-html';

/**
 * Campaign cover illustrations, drawn as SVG at seed time: a sky, hills and a motif per cause,
 * so the demo has real images without shipping binary files.
 */
export type Motif = 'kitchen' | 'flood' | 'books' | 'paw' | 'sprout' | 'heart';

export interface CoverPalette {
  sky: [string, string];
  hills: [string, string];
  accent: string;
}

const motifs: Record<Motif, string> = {
  kitchen: `<g transform="translate(600 250)">
    <path d="M-120 20 h240 a20 20 0 0 1 -20 90 h-200 a20 20 0 0 1 -20 -90z" fill="#fff" opacity=".95"/>
    <rect x="-135" y="5" width="270" height="22" rx="11" fill="#fff"/>
    <path d="M-40 -10 q-15 -35 0 -60 q15 -25 0 -55" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".8"/>
    <path d="M30 -10 q-15 -35 0 -60 q15 -25 0 -55" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".6"/>
  </g>`,
  flood: `<g transform="translate(600 230)">
    <path d="M-90 0 l90 -80 l90 80 v70 h-180z" fill="#fff" opacity=".95"/>
    <rect x="-20" y="20" width="40" height="50" fill-opacity=".25" fill="#000"/>
    <path d="M-260 90 q40 -25 80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round"/>
    <path d="M-220 135 q40 -25 80 0 t80 0 t80 0 t80 0 t80 0 t80 0" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".7"/>
  </g>`,
  books: `<g transform="translate(600 240)">
    <rect x="-150" y="-60" width="60" height="150" rx="6" fill="#fff"/>
    <rect x="-80" y="-95" width="55" height="185" rx="6" fill="#fff" opacity=".85"/>
    <rect x="-15" y="-40" width="70" height="130" rx="6" fill="#fff"/>
    <rect x="65" y="-75" width="50" height="165" rx="6" fill="#fff" opacity=".8" transform="rotate(8 90 90)"/>
    <rect x="-170" y="90" width="320" height="16" rx="8" fill="#fff"/>
  </g>`,
  paw: `<g transform="translate(600 240)" fill="#fff">
    <ellipse cx="0" cy="40" rx="70" ry="58"/>
    <ellipse cx="-78" cy="-30" rx="26" ry="34"/>
    <ellipse cx="-28" cy="-70" rx="26" ry="36"/>
    <ellipse cx="28" cy="-70" rx="26" ry="36"/>
    <ellipse cx="78" cy="-30" rx="26" ry="34"/>
  </g>`,
  sprout: `<g transform="translate(600 260)">
    <path d="M0 90 v-120" stroke="#fff" stroke-width="14" stroke-linecap="round"/>
    <path d="M0 -20 q-90 -10 -110 -100 q95 5 110 100z" fill="#fff"/>
    <path d="M0 -40 q80 -20 100 -100 q-90 0 -100 100z" fill="#fff" opacity=".85"/>
  </g>`,
  heart: `<g transform="translate(600 250)"><path d="M0 90 C-150 -10 -110 -120 -40 -110 C-15 -106 0 -85 0 -70 C0 -85 15 -106 40 -110 C110 -120 150 -10 0 90z" fill="#fff"/></g>`,
};

export function coverSvg(options: { title: string; motif: Motif; palette: CoverPalette }): string {
  const { palette } = options;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label="${escapeHtml(options.title)}">
  <title>${escapeHtml(options.title)}</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="980" cy="130" r="70" fill="${palette.accent}" opacity=".9"/>
  <path d="M0 470 Q300 380 600 450 T1200 430 V630 H0z" fill="${palette.hills[0]}"/>
  <path d="M0 540 Q350 470 700 530 T1200 520 V630 H0z" fill="${palette.hills[1]}"/>
  ${motifs[options.motif]}
</svg>
`;
}
