import { lazy, Suspense, useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS } from '@meeet/core/constants';
import { STORAGE_KEYS, isFlagSet } from '../lib/storage.ts';
import { useUiStore } from '../lib/stores/ui-store.ts';
import { useFormBeingFilled } from '../lib/use-form-being-filled.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import { QuietBoundary } from './quiet-boundary.tsx';

// Both prompts are their own chunks, fetched only when due, so the first page view does not pay.
const CookieBanner = lazy(() => import('./cookie-banner.tsx'));
const InstallAppDialog = lazy(() => import('./install-app-dialog.tsx'));

type Stage = 'waiting' | 'cookie' | 'answered' | 'install' | 'done';

/**
 * Spec §4: the cookie banner shows 3 s after load unless dismissed before (flag 'true' in local
 * or session storage). The install-app offer follows it once per visit on mobile widths, but
 * never over a form being filled: it waits until the user is done (or moves to another page).
 * One prompt at a time: the offer comes only once the banner is answered, and not at once after
 * it (the same pause as before the banner), so a phone's first visit is not one pop-up after
 * another.
 */
export function ConsentPrompts() {
  const isMobile = useIsMobile();
  const formBeingFilled = useFormBeingFilled();
  const [stage, setStage] = useState<Stage>('waiting');
  const cookieSettingsRequested = useUiStore((state) => state.cookieSettingsRequested);
  // The footer's "Cookie settings" brings the banner back at once, whatever was chosen before.
  const [reopenedFor, setReopenedFor] = useState(0);
  if (cookieSettingsRequested !== reopenedFor) {
    setReopenedFor(cookieSettingsRequested);
    setStage('cookie');
  }

  useEffect(() => {
    const timer = setTimeout(() => {
      setStage(isFlagSet(STORAGE_KEYS.cookieDialogHidden) ? 'install' : 'cookie');
    }, COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (stage !== 'answered') return;
    const timer = setTimeout(() => setStage('install'), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  if (stage === 'cookie') {
    return (
      <QuietBoundary>
        <Suspense fallback={null}>
          <CookieBanner onClose={() => setStage(reopenedFor ? 'done' : 'answered')} />
        </Suspense>
      </QuietBoundary>
    );
  }
  if (
    stage === 'install' &&
    isMobile &&
    !formBeingFilled &&
    !isFlagSet(STORAGE_KEYS.installAppDialogHidden)
  ) {
    return (
      <QuietBoundary>
        <Suspense fallback={null}>
          <InstallAppDialog onClose={() => setStage('done')} />
        </Suspense>
      </QuietBoundary>
    );
  }
  return null;
}
