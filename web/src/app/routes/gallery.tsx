import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function GalleryPage() {
  return (
    <PageShell title="Gallery" eyebrow="Our work" intro={<p>Weddings, tributes and everyday bouquets from the studio.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
