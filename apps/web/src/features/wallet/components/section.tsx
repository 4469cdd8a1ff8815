import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One block of the wallet screen: a flat tonal card with a heading. */
export function Section({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box
      component="section"
      // An anchor too: the market's "Top up your wallet" links to #wallet-deposit.
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      sx={{
        p: { xs: 2.5, sm: 3 },
        borderRadius: 4,
        bgcolor: 'background.paper',
        minWidth: 0,
        scrollMarginTop: 80,
      }}
    >
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
