import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

function RegisterNavigate() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <RegisterNavigate />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
