import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The centred card every auth screen sits in. */
export function AuthLayout({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" data-testid={testId} sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        component="section"
        aria-labelledby={`${testId}-title`}
        sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, bgcolor: 'background.paper' }}
      >
        <Typography
          id={`${testId}-title`}
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Box>
    </Container>
  );
}
