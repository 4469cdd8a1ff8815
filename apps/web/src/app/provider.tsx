import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import { I18nextProvider } from '../i18n/react.ts';
import i18n from '../i18n/i18n.ts';
import { appTheme } from './theme.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </I18nextProvider>
  );
}
