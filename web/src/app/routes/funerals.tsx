import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function FuneralsPage() {
  return (
    <PageShell title="Funerals" eyebrow="Sympathy & remembrance" intro={<p>Casket sprays, standing sprays, sympathy bouquets and memorial tributes, made with care.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
