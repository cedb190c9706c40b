import { useQuery } from '@/lib/use-query';
import { getWorkshop, WorkshopMissing, workshopPath, type Workshop } from '../api/get-workshops';
import { isWorkshopSlug } from '../lib/booking';

export type WorkshopState =
  | { status: 'loading' }
  | { status: 'missing'; message: string }
  | { status: 'error' }
  | { status: 'loaded'; workshop: Workshop };

/**
 * One workshop by the slug in its address: loading, then loaded, missing (with the server's
 * sentence) or an error (with a way to try again). A drawn page arrives with it inside.
 */
export function useWorkshop(slug: string | undefined): WorkshopState & { retry: () => void } {
  const valid = slug !== undefined && isWorkshopSlug(slug);
  const query = useQuery(valid ? slug : null, (signal) => getWorkshop(slug!, signal), {
    firstLoad: valid ? workshopPath(slug) : undefined,
  });
  if (!valid) return { status: 'missing', message: 'We could not find that workshop.', retry: query.retry };
  if (query.status === 'loaded') return { status: 'loaded', workshop: query.data, retry: query.retry };
  if (query.status === 'error') {
    return query.error instanceof WorkshopMissing
      ? { status: 'missing', message: query.error.message, retry: query.retry }
      : { status: 'error', retry: query.retry };
  }
  return { status: 'loading', retry: query.retry };
}
