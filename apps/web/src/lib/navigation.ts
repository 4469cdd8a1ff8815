/**
 * Lets code outside React (logout after a 401, socket handlers) navigate through the router
 * instead of reloading the page. The app registers the router's navigate once at start-up.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}
