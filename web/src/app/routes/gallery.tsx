import { PageShell } from '@/components/layout/page-shell';
import { AlbumList } from '@/features/gallery/components/album-list';
import { useMetaDescription } from '@/components/layout/use-meta-description';

export default function GalleryPage() {
  useMetaDescription(
    'The gallery of Posy, a floral studio in South Bristol: albums of wedding flowers, funeral tributes, workshops and everyday bouquets, in pictures and short films.',
  );
  return (
    <PageShell title="Gallery" eyebrow="Our work" intro={<p>Weddings, tributes and everyday bouquets from the studio.</p>}>
      <AlbumList />
    </PageShell>
  );
}
