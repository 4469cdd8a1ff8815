import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element to mount into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
