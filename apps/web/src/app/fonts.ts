import robotoLatin400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import robotoCyrillic400 from '@fontsource/roboto/files/roboto-cyrillic-400-normal.woff2?url';
import robotoLatin500 from '@fontsource/roboto/files/roboto-latin-500-normal.woff2?url';
import robotoCyrillic500 from '@fontsource/roboto/files/roboto-cyrillic-500-normal.woff2?url';
import robotoLatin700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url';
import robotoCyrillic700 from '@fontsource/roboto/files/roboto-cyrillic-700-normal.woff2?url';
import montserratLatin600 from '@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url';
import montserratCyrillic600 from '@fontsource/montserrat/files/montserrat-cyrillic-600-normal.woff2?url';
import montserratLatin700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import montserratCyrillic700 from '@fontsource/montserrat/files/montserrat-cyrillic-700-normal.woff2?url';

// Two bundled families (spec §9, no outside font service): Montserrat for headings, Roboto for
// body. Only woff2 and only the weights in use; unicode-range lets the browser fetch the
// Cyrillic files only when Russian text is on screen.
const UNICODE_RANGE = {
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  cyrillic: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116',
} as const;

function face(
  family: string,
  weight: number,
  url: string,
  subset: keyof typeof UNICODE_RANGE,
): string {
  return `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${UNICODE_RANGE[subset]};}`;
}

/**
 * Stand-ins drawn while a web font loads (`font-display: swap`): Arial, or its metric twin
 * Liberation Sans on Linux, scaled to the web font's width and line metrics, so the swap moves
 * no text (layout shift). Figures as next/font computes them for these families.
 */
function fallback(family: string, metrics: { ascent: number; descent: number; size: number }) {
  return `@font-face{font-family:'${family} Fallback';src:local('Arial'),local('ArialMT'),local('Liberation Sans'),local('Helvetica');ascent-override:${metrics.ascent}%;descent-override:${metrics.descent}%;line-gap-override:0%;size-adjust:${metrics.size}%;}`;
}

export const fontFaces = [
  fallback('Roboto', { ascent: 92.77, descent: 24.41, size: 100.3 }),
  fallback('Montserrat', { ascent: 85.79, descent: 22.25, size: 112.83 }),
  face('Roboto', 400, robotoLatin400, 'latin'),
  face('Roboto', 400, robotoCyrillic400, 'cyrillic'),
  face('Roboto', 500, robotoLatin500, 'latin'),
  face('Roboto', 500, robotoCyrillic500, 'cyrillic'),
  face('Roboto', 700, robotoLatin700, 'latin'),
  face('Roboto', 700, robotoCyrillic700, 'cyrillic'),
  face('Montserrat', 600, montserratLatin600, 'latin'),
  face('Montserrat', 600, montserratCyrillic600, 'cyrillic'),
  face('Montserrat', 700, montserratLatin700, 'latin'),
  face('Montserrat', 700, montserratCyrillic700, 'cyrillic'),
].join('\n');
