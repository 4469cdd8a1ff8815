import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The api client already turns failures into values; retrying those only delays the UI.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
