import { useParams } from 'react-router';
import { AlbumView } from '@/features/gallery/components/album-view';
import { useMetaDescription } from '@/components/layout/use-meta-description';

export default function AlbumPage() {
  const { albumId = '' } = useParams();
  useMetaDescription('An album from the gallery of Posy, a floral studio in South Bristol: pictures and short films from one of our days.');
  const id = /^\d+$/.test(albumId) ? Number(albumId) : NaN;
  return <AlbumView key={albumId} id={id} />;
}
