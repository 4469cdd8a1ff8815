import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Lazy pages render their anchors a moment after navigation, pages that load data (the wallet's
// deposit section) after their call answers; wait this long for them.
const ANCHOR_WAIT_MS = 10_000;

function findAnchor(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/**
 * Spec §2 scroll rule, first clause: a hash anchor wins over the saved or top position that
 * ScrollRestoration (scroll-restoration.tsx) applies. Runs after it, and watches the DOM until the anchor appears.
 */
export function HashScroll() {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const existing = findAnchor(hash);
    if (existing) {
      existing.scrollIntoView();
      return;
    }
    const observer = new MutationObserver(() => {
      const anchor = findAnchor(hash);
      if (!anchor) return;
      observer.disconnect();
      anchor.scrollIntoView();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash, key]);

  return null;
}
