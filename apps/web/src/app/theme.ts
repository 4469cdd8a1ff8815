import createTheme from '@mui/material/styles/createThemeNoVars';
import { BREAKPOINTS, DIALOG_TRANSITION_MS } from '@meeet/core/constants';
import { fontFaces } from './fonts.ts';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

// Each family's metric-matched stand-in (fonts.ts) comes right after it.
const HEADING_FONT = '"Montserrat", "Montserrat Fallback", "Roboto", system-ui, sans-serif';
const BODY_FONT = '"Roboto", "Roboto Fallback", system-ui, -apple-system, "Segoe UI", sans-serif';

const surface = '#16161d';
// The brand blue under white button text (4.6:1). As text on the dark surfaces it reaches only
// 3.7–4.3:1, so text, outlines and links use a lighter blue (5.1:1 or more on every surface).
const brandBlue = '#1f6bff';
const brandBlueHover = '#1a5ee6';
const textBlue = '#4d8bff';
const surfaceRaised = '#1e1e27';

let created: ReturnType<typeof createTheme> | undefined;

/**
 * Spec §9 presentation: dark by default, bright blue primary, flat tonal surfaces.
 *
 * Made on first use, not when the module loads: the start-up modules are evaluated in one task
 * a phone cannot interrupt, while the first render (where this is first asked for) runs as a
 * transition in short slices (Total Blocking Time, issue 46).
 */
export function appTheme(): ReturnType<typeof createTheme> {
  created ??= makeTheme();
  return created;
}

const makeTheme = () =>
  createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode: 'dark',
      primary: { main: textBlue, dark: brandBlue, contrastText: '#ffffff' },
      secondary: { main: '#8ab4ff' },
      background: { default: '#0b0b0f', paper: surface },
      divider: 'rgba(255, 255, 255, 0.08)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: BODY_FONT,
      h1: { fontFamily: HEADING_FONT, fontWeight: 700 },
      h2: { fontFamily: HEADING_FONT, fontWeight: 700 },
      h3: { fontFamily: HEADING_FONT, fontWeight: 700 },
      h4: { fontFamily: HEADING_FONT, fontWeight: 600 },
      h5: { fontFamily: HEADING_FONT, fontWeight: 600 },
      h6: { fontFamily: HEADING_FONT, fontWeight: 600 },
      button: { textTransform: 'none', letterSpacing: 0, fontWeight: 500 },
    },
    transitions: {
      duration: {
        enteringScreen: DIALOG_TRANSITION_MS.enter,
        leavingScreen: DIALOG_TRANSITION_MS.exit,
      },
    },
    components: {
      MuiCssBaseline: { styleOverrides: fontFaces },
      MuiButtonBase: { defaultProps: { disableRipple: true } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { textTransform: 'none', letterSpacing: 0, boxShadow: 'none' },
          containedPrimary: {
            backgroundColor: brandBlue,
            '&:hover': { backgroundColor: brandBlueHover },
          },
        },
      },
      MuiChip: { styleOverrides: { filledPrimary: { backgroundColor: brandBlue } } },
      MuiFab: { styleOverrides: { primary: { backgroundColor: brandBlue } } },
      MuiBadge: { styleOverrides: { colorPrimary: { backgroundColor: brandBlue } } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { backgroundColor: surfaceRaised, boxShadow: 'none' } },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiDialog: {
        defaultProps: {
          transitionDuration: {
            enter: DIALOG_TRANSITION_MS.enter,
            exit: DIALOG_TRANSITION_MS.exit,
          },
        },
      },
    },
  });
