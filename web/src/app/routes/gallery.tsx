import { PageShell } from '@/components/layout/page-shell';
import { AlbumList } from '@/features/gallery/components/album-list';

export default function GalleryPage() {
  return (
    <PageShell
      description="The gallery of Posy, a floral studio in South Bristol: albums of wedding flowers, funeral tributes, workshops and everyday bouquets, in pictures and short films."
      title="Gallery"
      eyebrow="Our work"
      intro={<p>Weddings, tributes and everyday bouquets from the studio.</p>}
    >
      <AlbumList />
    </PageShell>
  );
}
