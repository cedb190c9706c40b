import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function AlbumPage() {
  return (
    <PageShell title="Album" eyebrow="Gallery" intro={<p>Photographs and films from one of our days.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
