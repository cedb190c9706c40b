import { Link, useParams, useSearchParams } from 'react-router';
import { RetryNotice } from '@/components/layout/page-kit';
import { useMetaDescription } from '@/components/layout/use-meta-description';
import { usePageHydrated } from '@/lib/hydrated';
import { PageLoading } from '@/components/ui/page-loading';
import { WORKSHOP_FAILED, type Workshop } from '@/features/workshops/api/get-workshops';
import { WorkshopDetails } from '@/features/workshops/components/workshop-details';
import { useWorkshop } from '@/features/workshops/hooks/use-workshop';

/** /workshops/<slug>: one workshop, drawn on the server from GET /api/workshops/{slug}/. */
export default function WorkshopPage() {
  const { slug } = useParams();
  const state = useWorkshop(slug);

  if (state.status === 'loading') return <PageLoading label="Finding the workshop…" />;

  if (state.status === 'missing') {
    return (
      <div className="container page-missing" role="alert">
        <title>Workshop not found · Posy floral studio</title>
        <h1>{state.message}</h1>
        <p>Every workshop with places to book is on the workshops page.</p>
        <Link to="/workshops" className="button">
          See all workshops
        </Link>
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div className="container page-missing">
        <title>Workshops · Posy floral studio</title>
        <RetryNotice title={WORKSHOP_FAILED} onRetry={state.retry}>
          Please try again in a moment, or ring the studio and we will tell you about it.
        </RetryNotice>
      </div>
    );
  }

  return <ShownWorkshop workshop={state.workshop} />;
}

/**
 * A waiting-list offer's token from the address (`?offer=`, its mail's link). Read once the page
 * is in the browser: the server draws the page the same for everyone, so the first render must be
 * the drawn one.
 */
function useOffer(): string | null {
  const [search] = useSearchParams();
  return usePageHydrated() ? search.get('offer') : null;
}

function ShownWorkshop({ workshop }: { workshop: Workshop }) {
  useMetaDescription(workshop.description);
  const offer = useOffer();
  return (
    <div className="container fade-in">
      <title>{`${workshop.title} · Posy floral studio`}</title>
      <WorkshopDetails workshop={workshop} offer={offer} />
    </div>
  );
}
