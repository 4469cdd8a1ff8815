// MUI ships this provider (esm/styles/ThemeProviderNoVars.js) but its package exports do not
// list it; vite.config.ts aliases the path, and this gives it the public provider's shape.
declare module '@mui/material/styles/ThemeProviderNoVars' {
  import type { JSX, ReactNode } from 'react';
  import type { Theme } from '@mui/material/styles';

  export default function ThemeProviderNoVars(props: {
    theme: Theme;
    children?: ReactNode;
  }): JSX.Element;
}

// Likewise the theme builder without CSS variables (esm/styles/createThemeNoVars.js); for
// options without `colorSchemes` or `cssVariables`, createTheme calls exactly this.
declare module '@mui/material/styles/createThemeNoVars' {
  import type { Theme, ThemeOptions } from '@mui/material/styles';

  export default function createThemeNoVars(options?: ThemeOptions): Theme;
}
