import { useEffect } from 'react';

/**
 * Sets the page's meta description (the title comes from the page's own <title>, e.g. PageShell's) and puts the
 * previous one back when the page goes; a page without its own (`undefined`) leaves the site's.
 */
export function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (description === undefined) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
}
