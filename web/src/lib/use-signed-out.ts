import { useCallback, useEffect, useRef } from 'react';
import { SignedOut } from './api-client';

/**
 * An admin page's way to the sign-in: `lost` calls the page's latest `onSignedOut`, and
 * `onError` (for useQuery) does so when a call threw SignedOut. Both keep their identity, so
 * a query is not asked again because the frame gave a new function.
 */
export function useSignedOut(onSignedOut: () => void) {
  const latest = useRef(onSignedOut);
  useEffect(() => {
    latest.current = onSignedOut;
  });
  const lost = useCallback(() => latest.current(), []);
  const onError = useCallback((cause: unknown) => {
    if (cause instanceof SignedOut) latest.current();
  }, []);
  return { lost, onError };
}
