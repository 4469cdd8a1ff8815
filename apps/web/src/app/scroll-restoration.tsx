import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'meeet.scroll';
// A lazy page may render a moment after navigation; keep trying to reach the saved spot this long.
const RESTORE_WAIT_MS = 3000;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Spec §2 scroll rule, second and third clauses: back/forward returns to the position the entry
 * was left at, any other navigation goes to the top (HashScroll handles the hash anchor). The
 * router's own ScrollRestoration needs its data router, whose extra code the first visit would
 * pay for (docs/decisions.md "Web polish").
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
    // Kept across a reload of the tab, as the browser would.
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // Remembers where this entry is scrolled to; read when the user comes back to it.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (positions.current[key] = window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (hash) return;
    const saved = navigationType === 'POP' ? positions.current[key] : undefined;
    if (saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    window.scrollTo(0, saved);
    if (window.scrollY >= saved) return;
    // The page is still shorter than the saved spot: follow its growth for a while.
    const observer = new ResizeObserver(() => {
      window.scrollTo(0, saved);
      if (window.scrollY >= saved) observer.disconnect();
    });
    observer.observe(document.body);
    const timer = setTimeout(() => observer.disconnect(), RESTORE_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [key, hash, navigationType]);

  return null;
}
