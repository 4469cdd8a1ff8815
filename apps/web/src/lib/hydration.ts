import { startTransition, useEffect, useState } from 'react';

/*
 * The landing pages arrive prerendered (apps/web/build/prerender.ts) and the app hydrates that markup.
 * Hydration needs the first render to equal the prerendered one, which knew nothing of this
 * visitor: no stored session, no screen width, no address hash. Parts that depend on them
 * render the visitor's version right after hydration (useHydrated), and one-off start values
 * that would differ (scroll-in animations) are skipped while the prerendered page is shown.
 */

let hydrating = false;
let pageHydrated = false;
let onPageHydrated: (() => void) | null = null;

/** Marks the start of hydrating prerendered markup (src/main.tsx). */
export function startHydration(): void {
  hydrating = true;
}

/** The visitor left the prerendered page (the first in-app navigation). */
export function endHydration(): void {
  hydrating = false;
  const run = onPageHydrated;
  onPageHydrated = null;
  run?.();
}

/** Whether the page being shown is the prerendered one the app hydrated. */
export function isHydrating(): boolean {
  return hydrating;
}

/** Prerendering (no browser) or hydrating the prerendered page: the build's version renders. */
function renderingBuildVersion(): boolean {
  return typeof window === 'undefined' || hydrating;
}

/**
 * False while prerendering and while hydrating, true on every other render: the visitor's own
 * version renders right after hydration, or at once when the page was not prerendered.
 *
 * The switch after hydration is a transition, so React renders the visitor's version (a
 * signed-in header, the market behind its gate) in short slices a phone can interleave with
 * other work. `useSyncExternalStore` with a server value did the same with one synchronous
 * render of every such component in the task that ran hydration's effects (issue 17, Total
 * Blocking Time on `/market`).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !renderingBuildVersion());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Runs `run` once the prerendered page, route content included, has hydrated — at once when
 * there is none being hydrated. A change that re-renders the page with other text (a language
 * switch) must wait for it: the part not yet hydrated would otherwise be compared with text it
 * never had. Only the latest waiting change is kept.
 */
export function whenPageHydrated(run: () => void): void {
  if (!hydrating || pageHydrated) run();
  else onPageHydrated = run;
}

/**
 * Placed beside the route outlet inside its Suspense boundary: a boundary hydrates as a whole,
 * so this effect runs when the page's own (lazily loaded) content has hydrated too.
 */
export function PageHydrated(): null {
  useEffect(() => {
    if (!hydrating || pageHydrated) return;
    pageHydrated = true;
    const run = onPageHydrated;
    onPageHydrated = null;
    run?.();
  }, []);
  return null;
}
