import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function WeddingsPage() {
  return (
    <PageShell title="Weddings" eyebrow="Wedding flowers" intro={<p>Bouquets, buttonholes and arches, planned with you from the first idea to the last petal.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
