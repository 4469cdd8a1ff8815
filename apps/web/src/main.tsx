// First: zod's settings before any screen's schema runs (see the file).
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale } from '@meeet/core/i18n/locale';
import { App } from './app/app.tsx';
import { afterPageHydrated, startHydration } from './lib/hydration.ts';
import i18n, { currentLocale, i18nReady } from './i18n/i18n.ts';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element to mount into');

async function start(root: HTMLElement): Promise<void> {
  await i18nReady;
  // A landing page arrives prerendered in the language the server chose (build/prerender.ts):
  // the app hydrates it in that language, then switches to the visitor's stored choice if it
  // differs (the server cannot read local storage).
  const prerendered = root.dataset.prerendered;
  if (!isLocale(prerendered) || !root.firstElementChild) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const wanted = currentLocale();
  if (wanted !== prerendered) await i18n.changeLanguage(prerendered);
  startHydration();
  // Switching earlier would hydrate the page's content in the other language (a mismatch).
  if (wanted !== prerendered) afterPageHydrated(() => void i18n.changeLanguage(wanted));
  hydrateRoot(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start(container);
