import { useEffect, useSyncExternalStore } from 'react';

/*
 * The landing pages arrive prerendered (apps/web/build/prerender.ts) and the app hydrates that markup.
 * Hydration needs the first render to equal the prerendered one, which knew nothing of this
 * visitor: no stored session, no screen width, no address hash. Parts that depend on them
 * render the visitor's version right after hydration (useHydrated), and one-off start values
 * that would differ (scroll-in animations) are skipped while the prerendered page is shown.
 */

let hydrating = false;

/** Marks the start of hydrating prerendered markup (src/main.tsx). */
export function startHydration(): void {
  hydrating = true;
}

/** The visitor left the prerendered page (the first in-app navigation). */
export function endHydration(): void {
  hydrating = false;
}

/** Whether the page being shown is the prerendered one the app hydrated. */
export function isHydrating(): boolean {
  return hydrating;
}

const noSubscription = () => () => {};

/**
 * False while prerendering and while hydrating (React uses the server value then), true on
 * every other render: the visitor's own version renders right after hydration, or at once
 * when the page was not prerendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

let onPageHydrated: (() => void) | null = null;

/** Runs `run` once the prerendered page, route content included, has hydrated. */
export function afterPageHydrated(run: () => void): void {
  onPageHydrated = run;
}

/**
 * Placed beside the route outlet inside its Suspense boundary: a boundary hydrates as a whole,
 * so this effect runs when the page's own (lazily loaded) content has hydrated too.
 */
export function PageHydrated(): null {
  useEffect(() => {
    const run = onPageHydrated;
    onPageHydrated = null;
    run?.();
  }, []);
  return null;
}
