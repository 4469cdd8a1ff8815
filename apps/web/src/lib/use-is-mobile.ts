import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MOBILE_BELOW } from '@meeet/core/constants';

/** Spec §9: "mobile" is every width below the lg breakpoint. */
export function useIsMobile(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(MOBILE_BELOW), { noSsr: true });
}
