import { HAND_DOWN, type HandState } from '@meeet/core/api/realtime';
import { on } from '../../lib/socket.ts';
import { createStore } from '../../lib/store.ts';

/**
 * The user's hand as the server last told it: `hand:state` comes when the socket connects and
 * on every change from any of the user's devices, so an app that starts again (or a second
 * phone) shows the hand as everyone else sees it.
 */
export const handState = createStore<HandState>(HAND_DOWN);

/** Follows the server's word on the hand until the returned function is called (sign-out). */
export function followHand(): () => void {
  const offState = on('hand:state', (state) => handState.set(state));
  const offDropped = on('hand:dropped', () => handState.set(HAND_DOWN));
  return () => {
    offState();
    offDropped();
    handState.set(HAND_DOWN);
  };
}
