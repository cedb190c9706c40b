import { ComingSoon } from '@/components/layout/coming-soon';
import { PageShell } from '@/components/layout/page-shell';

// Registered by the walking skeleton; the page's own issue fills it in.
export default function AdminGalleryPage() {
  return (
    <PageShell title="Manage Gallery" eyebrow="Admin" intro={<p>Create albums and upload photographs and videos.</p>}>
      <ComingSoon />
    </PageShell>
  );
}
