import { useCallback, useEffect, useState } from 'react';
import { getWorkshops, type Workshop } from '../api/get-workshops';

export type WorkshopsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; workshops: Workshop[] };

/** The upcoming workshops: loading, then loaded or an error (with a way to try again). */
export function useWorkshops(): WorkshopsState & { retry: () => void } {
  const [state, setState] = useState<WorkshopsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getWorkshops(controller.signal).then(
      (workshops) => setState({ status: 'loaded', workshops }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
