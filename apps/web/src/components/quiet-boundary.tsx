import { Component, type ReactNode } from 'react';

/**
 * Renders nothing instead of its children when they throw, e.g. when an optional lazy chunk
 * (cookie banner, snackbar, menu) fails to download. Such extras must never take the page down.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
