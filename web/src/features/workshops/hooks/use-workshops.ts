import { useQuery } from '@/lib/use-query';
import { getWorkshops, type Workshop } from '../api/get-workshops';

export type WorkshopsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; workshops: Workshop[] };

/** The upcoming workshops: loading, then loaded or an error (with a way to try again). */
export function useWorkshops(): WorkshopsState & { retry: () => void } {
  const query = useQuery('workshops', getWorkshops, { firstLoad: '/api/workshops/' });
  if (query.status !== 'loaded') return { status: query.status, retry: query.retry };
  return { status: 'loaded', workshops: query.data, retry: query.retry };
}
