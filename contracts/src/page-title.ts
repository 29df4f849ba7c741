// A page's document title, apart from pages.ts (every page's texts and paths): the UI kit's
// usePageMeta needs only this.

/** The brand as the spec spells it, used in every document title. */
export const SITE_NAME = 'PC PART PICKER';

export interface PageMeta {
  /** The page's own name; the document title is `{title} — PC PART PICKER`. */
  title: string;
  description: string;
}

/** `Blogs — PC PART PICKER`; the home page carries the brand first. */
export function documentTitle(pageTitle: string): string {
  return `${pageTitle} — ${SITE_NAME}`;
}
