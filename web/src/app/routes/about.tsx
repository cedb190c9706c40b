import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function AboutPage() {
  return (
    <PageShell title="About" eyebrow="Our story" intro={<p>A small studio in South Bristol, arranging seasonal flowers by hand.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
