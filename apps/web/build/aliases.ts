import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias, Plugin } from 'vite';

const require = createRequire(import.meta.url);
const muiStylesDir = `${dirname(require.resolve('@mui/material/styles'))}/../esm/styles`;
const reactRouterDir = join(dirname(require.resolve('react-router/package.json')), 'dist');

/**
 * Module aliases shared by the browser build, the prerender (SSR) build and the component
 * tests, so all three run the same code.
 */
export function aliases({ production }: { production: boolean }): Alias[] {
  return [
    // MUI's public ThemeProvider always carries the CSS-variables scheme switcher, and its
    // createTheme always carries the CSS-variables theme builder. The app has one fixed dark
    // scheme without CSS variables, so it uses the plain provider and builder MUI ships in the
    // same package but does not export (typed in src/mui-theme-provider-no-vars.d.ts).
    {
      find: /^@mui\/material\/styles\/ThemeProviderNoVars$/,
      replacement: `${muiStylesDir}/ThemeProviderNoVars.js`,
    },
    {
      find: /^@mui\/material\/styles\/createThemeNoVars$/,
      replacement: `${muiStylesDir}/createThemeNoVars.js`,
    },
    // React Router's package exports name only its development build (warnings and checks
    // included); a production build uses the production one it ships beside it.
    ...(production
      ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'production/index.mjs') }]
      : []),
  ];
}

const CREATE_THEME = '\0meeet-mui-create-theme';

/**
 * MUI's own modules (the fallback theme of `styled`, Box, Grid, Skeleton) call `createTheme()`
 * from esm/styles/createTheme.js, which imports the CSS-variables theme builder too. For
 * options without `colorSchemes` or `cssVariables` that function calls exactly
 * createThemeNoVars, so it is replaced by a version that does only that (and refuses the
 * options it would not honour), and the CSS-variables builder drops out of the bundle.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'meeet-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === CREATE_THEME) return CREATE_THEME;
      if (source !== './createTheme.js' || !importer) return null;
      return /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+$/.test(importer)
        ? CREATE_THEME
        : null;
    },
    load(id) {
      if (id !== CREATE_THEME) return null;
      return [
        `import createThemeNoVars from ${JSON.stringify(`${muiStylesDir}/createThemeNoVars.js`)};`,
        'export default function createTheme(options = {}, ...args) {',
        "  if ('colorSchemes' in options || options.cssVariables)",
        "    throw new Error('This build has no CSS-variables theme (apps/web/build/aliases.ts)');",
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
    },
  };
}
