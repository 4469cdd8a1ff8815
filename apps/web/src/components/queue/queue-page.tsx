import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface QueuePageProps {
  title: string;
  /** Names the page for the browser suite. */
  testId?: string;
  maxWidth?: 'md' | 'lg';
  /** Above the title: a setting that belongs to the queue (the campaign price). */
  lead?: ReactNode;
  /** The filters, in a row under the title. */
  filters?: ReactNode;
  /** Said above the list when it could not be loaded. */
  loadError?: string | null;
  children: ReactNode;
}

/** A control-area queue: its title, filters and load error around the list of waiting items. */
export function QueuePage({
  title,
  testId,
  maxWidth = 'lg',
  lead,
  filters,
  loadError,
  children,
}: QueuePageProps) {
  return (
    <Container maxWidth={maxWidth} data-testid={testId} sx={{ py: 3 }}>
      {lead && <Box sx={{ mb: 2 }}>{lead}</Box>}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {title}
      </Typography>
      {filters && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {filters}
        </Stack>
      )}
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {children}
    </Container>
  );
}
