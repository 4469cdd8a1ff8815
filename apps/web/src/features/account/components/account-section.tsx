import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One titled card of the account page (personal data, photos, profile, blocked people). */
export function AccountSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-section-title`}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, bgcolor: 'background.paper', mb: 3 }}
    >
      <Typography id={`${id}-section-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
