/**
 * The web build has no App Tracking Transparency (its native module does not exist there): the
 * user's own answer to the ads question is the whole consent, as with the web's cookie banner.
 */
export async function trackingAllowed(): Promise<boolean> {
  return true;
}
