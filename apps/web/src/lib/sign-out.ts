import { userPaths } from '@meeet/core/api/user-paths';
import { api } from './api-client.ts';
import { logout } from './session.ts';

// How long a sign-out waits for the server before clearing the session anyway.
const SERVER_LOGOUT_WAIT_MS = 2000;

/**
 * The user's own "Log out" (spec §4): the server ends the session (best effort: a slow or
 * failed call must not keep anyone signed in), then the socket, auth, profile, wallet and
 * stored auth are cleared and the app goes home unless told otherwise.
 */
export async function signOut({ redirect = true }: { redirect?: boolean } = {}): Promise<void> {
  await Promise.race([
    api.post(userPaths.logout, {}).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SERVER_LOGOUT_WAIT_MS)),
  ]);
  logout({ redirect });
}
