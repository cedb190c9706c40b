/** One picture in a gallery: a stored media path (or URL), its size, and words for it. */
export interface Picture {
  /** "/media/pages/gallery-1.jpg", "products/peony-posy.jpg" or an absolute URL. */
  src: string;
  /** The picture's own width and height in pixels, so the page never jumps. */
  width: number;
  height: number;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  /** A line shown under the picture in the lightbox; the alt text when there is none. */
  caption?: string;
}
