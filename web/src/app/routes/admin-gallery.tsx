import { AdminGallery } from '@/features/admin-gallery/components/admin-gallery';
import { AdminFrame } from '../admin-frame';

export default function AdminGalleryPage() {
  return (
    <AdminFrame title="Manage Gallery" intro={<p>Create albums, upload pictures and videos, and put them in order.</p>}>
      {({ signedOut }) => <AdminGallery onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
