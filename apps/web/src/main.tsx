// First: zod's settings before any screen's schema runs (see the file).
import './lib/zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale } from '@meeet/core/i18n/locale';
import { App } from './app/app.tsx';
import { startHydration, whenPageHydrated } from './lib/hydration.ts';
import i18n, { currentLocale, i18nReady } from './i18n/i18n.ts';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element to mount into');

/**
 * React recovers from some render errors by rendering again; its default report drops the
 * cause, which is the part that says what went wrong.
 */
function reportRecoverableError(error: unknown): void {
  const cause = error instanceof Error ? error.cause : undefined;
  console.error(error, ...(cause === undefined ? [] : ['caused by', cause]));
}

/** Resolves after the browser's next paint (at once in a hidden tab, which does not paint). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start(root: HTMLElement): Promise<void> {
  await i18nReady;
  // A landing page arrives prerendered in the language the server chose (build/prerender.ts):
  // the app hydrates it in that language, then switches to the visitor's stored choice if it
  // differs (the server cannot read local storage).
  const prerendered = root.dataset.prerendered;
  if (!isLocale(prerendered) || !root.firstElementChild) {
    const app = createRoot(root, { onRecoverableError: reportRecoverableError });
    // As a transition, the first render yields to the browser every few milliseconds instead
    // of one long task (a phone stays responsive while the app starts: Total Blocking Time).
    startTransition(() =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    return;
  }
  const wanted = currentLocale();
  if (wanted !== prerendered) await i18n.changeLanguage(prerendered);
  // The prerendered page is painted before the app starts: hydrating first held the first
  // paint back by the whole of React's work (on a slow phone, seconds of a page already here).
  await afterFirstPaint();
  startHydration();
  // Switching earlier would hydrate the page's content in the other language (a mismatch).
  if (wanted !== prerendered) whenPageHydrated(() => void i18n.changeLanguage(wanted));
  // Hydration as a transition is sliced into short tasks, like the first render above.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: reportRecoverableError },
    );
  });
}

void start(container);
