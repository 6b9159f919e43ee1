import { useEffect } from 'react';
import { siteConfig } from '@app/shared';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Gives a page its own document title and meta description. The previous values come back on
 * unmount so a shell page that sets none does not inherit a marketing page's text.
 */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = title.includes(siteConfig.brand) ? title : `${title} | ${siteConfig.brand}`;
    tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description]);
}
