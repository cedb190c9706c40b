import type { ComponentProps } from 'react';
import { SmartImage } from '@/components/ui/smart-image';
import type { Workshop } from '../api/get-workshops';

/** A workshop without a picture of its own shows the studio's table of flowers. */
const NO_PICTURE = '/media/pages/gallery-5.jpg';

/** A workshop's square picture, decorative (its title says what it is): on its card, its page and its booking. */
export function WorkshopPicture({ workshop, ...image }: { workshop: Pick<Workshop, 'image'> } & Omit<ComponentProps<typeof SmartImage>, 'src' | 'alt' | 'width' | 'height'>) {
  return <SmartImage {...image} src={workshop.image ?? NO_PICTURE} alt="" width={1000} height={1000} />;
}
