/** One picture (or video) in a gallery: a stored media path (or URL), its size, and words for it. */
export interface Picture {
  /** "/media/pages/gallery-1.jpg", "products/peony-posy.jpg" or an absolute URL; a video's poster. */
  src: string;
  /** The picture's own width and height in pixels, so the page never jumps. */
  width: number;
  height: number;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  /** A line shown under the picture in the lightbox; the alt text when there is none. */
  caption?: string;
  /** Other sizes of the same picture for `<img srcset>`: "/media/a-480.jpg 480w, /media/a-960.jpg 960w". */
  srcSet?: string;
  /** The same sizes as lossy WebP: "/media/a-480.webp 480w, /media/a-960.webp 960w". */
  webpSrcSet?: string;
  /** The MP4 when this is a video (its slide is 1280 × 720, as the spec has it); `src` is then its poster. */
  video?: string;
}
