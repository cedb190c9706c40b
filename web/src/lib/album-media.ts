import type { Picture } from '@/components/ui/lightbox';
import type { Album, AlbumImage } from '@/lib/api-client';

/** The size a card keeps for an album with no picture yet (3:2). */
const NO_PICTURE = { width: 960, height: 640 } as const;

/** "5 photos": every item of the album, counted (the spec: the count with the word 'photos'). */
export function photoCount(album: Album): string {
  return `${album.images.length} photos`;
}

export const isVideo = (image: AlbumImage) => image.media_type === 'video';

/** The album's cover: its featured picture (or its first), with a size so the card never jumps. */
export function featuredPicture(album: Album) {
  const chosen =
    album.images.find((image) => image.id === album.featured_image) ??
    album.images.find((image) => image.file_url === album.featured_image_url || image.thumbnail_url === album.featured_image_url) ??
    album.images.find((image) => !isVideo(image));
  const src = album.featured_image_url ?? chosen?.file_url ?? null;
  const fromImage = chosen && !isVideo(chosen) && chosen.width > 0 && chosen.height > 0;
  return {
    src,
    width: fromImage ? chosen.width : NO_PICTURE.width,
    height: fromImage ? chosen.height : NO_PICTURE.height,
    srcSet: fromImage && chosen.srcset ? chosen.srcset : undefined,
    webpSrcSet: fromImage && chosen.webp_srcset ? chosen.webp_srcset : undefined,
  };
}

/** Words for an item, for people who cannot see it: its caption, or where it sits in the album. */
export function describeItem(album: Album, image: AlbumImage, at: number): string {
  if (image.caption.trim()) return image.caption.trim();
  return `${album.title}, ${isVideo(image) ? 'video' : 'picture'} ${at + 1}`;
}

/** The album's ready items as the shared gallery's pictures: a video shows its poster. */
export function albumPictures(album: Album): Picture[] {
  return album.images
    .filter((image) => image.status === 'ready')
    .map((image, at) => {
      const alt = describeItem(album, image, at);
      if (isVideo(image)) {
        return { src: image.thumbnail_url || image.file_url, width: 1280, height: 720, alt, caption: image.caption || undefined, video: image.file_url };
      }
      return {
        src: image.file_url,
        width: image.width || NO_PICTURE.width,
        height: image.height || NO_PICTURE.height,
        alt,
        caption: image.caption || undefined,
        srcSet: image.srcset || undefined,
        webpSrcSet: image.webp_srcset || undefined,
      };
    });
}
