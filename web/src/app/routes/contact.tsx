import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function ContactPage() {
  return (
    <PageShell title="Get in Touch" eyebrow="Contact" intro={<p>Tell us about your wedding, event or bouquet, and we will get back to you soon.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
