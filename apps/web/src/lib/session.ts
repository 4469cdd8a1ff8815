import { disconnect } from './socket.ts';
import { navigateTo } from './navigation.ts';
import { useAuthStore } from './stores/auth-store.ts';

/**
 * Spec §4 logout: socket off, auth and stored auth cleared, cached answers dropped, then home
 * (or `to`: the account deletion goes to the login page that says when it erases).
 */
export function logout({
  redirect = true,
  to = '/',
}: { redirect?: boolean; to?: string } = {}): void {
  disconnect();
  // With a redirect, the guard of the screen being left sends there too (see signedOutTo).
  useAuthStore.getState().clear({ redirectTo: redirect ? to : undefined });
  // Cached answers belong to the previous user. Imported lazily: if the query layer was never
  // loaded there is nothing cached, and the first page does not pay for it.
  void import('./query-client.ts').then(({ queryClient }) => queryClient.clear());
  if (redirect) navigateTo(to);
}
