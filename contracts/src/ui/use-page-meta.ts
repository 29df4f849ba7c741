import { useEffect } from 'react';
import { documentTitle, type PageMeta } from '../page-title';

/**
 * Gives the page its document title and meta description. Pass undefined while the page's own
 * name is still loading (a part's page): the previous title stays until the name is known.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = documentTitle(title);
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
