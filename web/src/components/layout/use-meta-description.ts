import { useEffect } from 'react';

/**
 * Sets the page's meta description (the title comes from the page's own <title>, e.g. PageShell's) and puts the
 * previous one back when the page goes.
 */
export function useMetaDescription(description: string) {
  useEffect(() => {
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
