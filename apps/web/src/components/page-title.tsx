import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** The h1 of a public information page (FAQ, help, legal, support…): large, smaller on phones. */
export function PageTitle({ children, mb = 1 }: { children: ReactNode; mb?: number }) {
  return (
    <Typography
      variant="h3"
      component="h1"
      sx={{ fontWeight: 800, fontSize: { xs: '2rem', lg: '2.75rem' }, mb }}
    >
      {children}
    </Typography>
  );
}
