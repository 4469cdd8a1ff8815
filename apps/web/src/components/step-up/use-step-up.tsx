import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../lib/api-client.ts';
import { StepUpDialog } from './step-up-dialog.tsx';

interface Ask {
  kinds: string[];
  message: string;
  resolve: (factor: string | null) => void;
}

const FACTOR_CODES = new Set(['FACTOR_REQUIRED', 'FACTOR_INVALID']);

/** Runs a call that may need a second factor (the step-up's `run`), or as it is. */
export type FactorGuard = <T>(
  call: (factor?: string) => Promise<ApiResult<T>>,
) => Promise<ApiResult<T>>;

/** For a call no dialog can answer for: sent once, without a factor. */
export const noFactor: FactorGuard = (call) => call();

/**
 * Runs a guarded call; when the server answers FACTOR_REQUIRED (or a wrong factor), asks the
 * user for one in a dialog and calls again with it, until it passes, fails otherwise or the
 * user cancels. `passkey`: whether a passkey may answer (only for a signed-in caller).
 */
export function useStepUp({ passkey }: { passkey: boolean }): {
  run: FactorGuard;
  dialog: ReactNode;
} {
  const [ask, setAsk] = useState<Ask | null>(null);
  const kindsRef = useRef<string[]>([]);

  const run = useCallback(
    async <T,>(call: (factor?: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
      let result = await call();
      while (!result.ok && FACTOR_CODES.has(result.errorCode ?? '')) {
        if (result.details?.kinds) kindsRef.current = result.details.kinds.split(',');
        const failure = result;
        const factor = await new Promise<string | null>((resolve) =>
          setAsk({ kinds: kindsRef.current, message: failure.error, resolve }),
        );
        setAsk(null);
        if (factor === null) return result;
        result = await call(factor);
      }
      return result;
    },
    [],
  );

  const dialog = ask ? (
    <StepUpDialog
      kinds={ask.kinds}
      message={ask.message}
      passkey={passkey && ask.kinds.includes('passkey')}
      onDone={ask.resolve}
    />
  ) : null;
  return { run, dialog };
}
