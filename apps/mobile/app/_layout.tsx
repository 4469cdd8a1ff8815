import { useEffect, useState } from 'react';
import { Stack } from 'expo-router';
import { StatusBar } from 'expo-status-bar';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bootstrap } from '../src/lib/bootstrap.ts';
import { onSignOut } from '../src/lib/session.ts';
import { disconnect } from '../src/lib/socket.ts';
import { Loading, colors } from '../src/components/ui.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 10_000 } },
});

// Spec §4 logout: the socket closes and cached answers of the previous user go.
onSignOut(() => {
  disconnect();
  queryClient.clear();
});

export default function RootLayout() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void bootstrap().finally(() => setReady(true));
  }, []);
  if (!ready) return <Loading />;
  return (
    <QueryClientProvider client={queryClient}>
      <StatusBar style="light" />
      <Stack
        screenOptions={{
          headerStyle: { backgroundColor: colors.background },
          headerTintColor: colors.text,
          contentStyle: { backgroundColor: colors.background },
        }}
      >
        <Stack.Screen name="(auth)" options={{ headerShown: false }} />
        <Stack.Screen name="(app)" options={{ headerShown: false }} />
      </Stack>
    </QueryClientProvider>
  );
}
