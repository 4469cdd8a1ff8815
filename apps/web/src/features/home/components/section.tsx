import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

interface SectionProps {
  id: string;
  title?: string;
  children: ReactNode;
  tinted?: boolean;
}

/** A home section: an anchor id, an h2 labelling the region, content in a container. */
export default function Section({ id, title, children, tinted = false }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={title ? headingId : undefined}
      sx={{ py: { xs: 6, lg: 10 }, bgcolor: tinted ? 'action.hover' : undefined }}
    >
      <Container maxWidth="lg">
        {title && (
          <Typography
            id={headingId}
            variant="h4"
            component="h2"
            sx={{ fontWeight: 700, mb: { xs: 3, lg: 5 } }}
          >
            {title}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
