import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** A titled section of the CPA pages, named by its heading for assistive technology. */
export function CpaSection({
  id,
  title,
  children,
  tight = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** No space under the title (the chart brings its own). */
  tight?: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={tight ? undefined : { mb: 1 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}
