import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './i18n/i18n.ts';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element to mount into');

void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
