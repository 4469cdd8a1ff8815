import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Hidden from the eye, still read by screen readers; a style object for `sx` or `style`. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text only a screen reader announces: a table caption, or words a sighted reader sees around. */
export function VisuallyHidden({
  children,
  component = 'span',
}: {
  children: ReactNode;
  component?: 'span' | 'caption';
}) {
  return (
    <Box component={component} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
