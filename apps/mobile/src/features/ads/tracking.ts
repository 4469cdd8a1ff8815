import { requestTrackingPermissionsAsync } from 'expo-tracking-transparency';

/** iOS: whether App Tracking Transparency allows personalised ads (the system prompt asks once). */
export async function trackingAllowed(): Promise<boolean> {
  return (await requestTrackingPermissionsAsync()).status === 'granted';
}
