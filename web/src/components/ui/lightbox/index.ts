export { PictureGallery, type PictureGalleryProps } from './picture-gallery';
export type { Picture } from './types';
