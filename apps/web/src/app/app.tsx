import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { endHydration } from '../lib/hydration.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

function RegisterNavigate() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

/** The first in-app navigation leaves the prerendered page (lib/hydration.ts). */
function EndHydrationOnNavigation() {
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') endHydration();
  }, [key]);
  return null;
}

/** The app inside a router: the browser's here, a static one when prerendering. */
export function AppContent() {
  return (
    <>
      <RegisterNavigate />
      <EndHydrationOnNavigation />
      <AppRoutes />
    </>
  );
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProvider>
  );
}
