import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import Container from '@mui/material/Container';

/**
 * The page width every screen shares: side margins on a phone, a readable width on a desktop.
 * Pages that bring no container of their own are wrapped in it by the route table
 * (`ContainedOutlet`), so their content never touches the screen's edges.
 */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="lg" data-testid="page-container" sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  );
}

/** A layout route giving its child pages the shared page container. */
export function ContainedOutlet() {
  return (
    <PageContainer>
      <Outlet />
    </PageContainer>
  );
}
