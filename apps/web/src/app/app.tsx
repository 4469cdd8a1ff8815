import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    registerNavigate((to, options) => void created.navigate(to, options));
    return created;
  });
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
