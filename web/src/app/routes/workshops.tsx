import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function WorkshopsPage() {
  return (
    <PageShell title="Workshops" eyebrow="Learn with us" intro={<p>Seasonal workshops in the studio: wreaths, posies and table flowers, with tea and cake.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
