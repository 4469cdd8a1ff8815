import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SCROLL_ANIMATION_MS } from '@meeet/core/constants';
import { isHydrating } from '../lib/hydration.ts';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Fades and lifts its content in when it first scrolls into view (spec §9: 700 ms). Without
 * IntersectionObserver, or when the user asks for less motion, the content is simply shown —
 * and on a prerendered page, whose markup already shows it (lib/hydration.ts).
 */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [animate] = useState(
    () => typeof IntersectionObserver !== 'undefined' && !isHydrating() && !prefersReducedMotion(),
  );
  const [visible, setVisible] = useState(!animate);

  useEffect(() => {
    const element = ref.current;
    if (!animate || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animate]);

  return (
    <Box
      ref={ref}
      sx={
        animate
          ? {
              opacity: visible ? 1 : 0,
              transform: visible ? 'none' : 'translateY(24px)',
              transition: `opacity ${SCROLL_ANIMATION_MS}ms ease-out ${delay}ms, transform ${SCROLL_ANIMATION_MS}ms ease-out ${delay}ms`,
            }
          : undefined
      }
    >
      {children}
    </Box>
  );
}
