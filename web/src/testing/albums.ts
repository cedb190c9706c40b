import type { Album, AlbumImage } from '@/lib/api-client';

/** A picture of an album as the server sends it. */
export function albumPicture(id: number, overrides: Partial<AlbumImage> = {}): AlbumImage {
  return {
    id,
    file_url: `/media/albums/p${id}-1600.jpg`,
    media_type: 'image',
    caption: '',
    position: id,
    width: 1600,
    height: 1067,
    srcset: `/media/albums/p${id}-480.jpg 480w, /media/albums/p${id}-960.jpg 960w, /media/albums/p${id}-1600.jpg 1600w`,
    webp_srcset: `/media/albums/p${id}-480.webp 480w, /media/albums/p${id}-960.webp 960w, /media/albums/p${id}-1600.webp 1600w`,
    thumbnail_url: `/media/albums/p${id}-480.jpg`,
    status: 'ready',
    ...overrides,
  };
}

/** A video of an album: an MP4 and its .jpg poster. */
export function albumVideo(id: number, overrides: Partial<AlbumImage> = {}): AlbumImage {
  return albumPicture(id, {
    file_url: `/media/albums/v${id}.mp4`,
    media_type: 'video',
    width: 1280,
    height: 720,
    srcset: '',
    webp_srcset: '',
    thumbnail_url: `/media/albums/v${id}.jpg`,
    ...overrides,
  });
}

export function album(id: number, overrides: Partial<Album> = {}): Album {
  const images = overrides.images ?? [albumPicture(id * 10 + 1), albumPicture(id * 10 + 2, { caption: 'Peonies on the arch' }), albumVideo(id * 10 + 3)];
  return {
    id,
    title: `Album ${id}`,
    description: `The flowers of album ${id}.`,
    featured_image: images[0]?.id ?? null,
    featured_image_url: images[0]?.file_url ?? null,
    images,
    ...overrides,
  };
}
