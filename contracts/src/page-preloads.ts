import { LATEST_PARTS_PATH, LATEST_REVIEWS_PATH, catalogApiPath } from './catalog-query';
import { HOME_HERO_IMAGE_PATH, HOME_HERO_MEDIA } from './pages';

// Apart from pages.ts: the shell's server reads these; a page reading its texts does not need the
// catalog's query rules they are written with.

/**
 * What a page starts with, by page path: api reads and pictures (paths on the api). The shell's
 * server writes a preload for each into index.html, so they download while the page's code does;
 * the page asks for the very same URLs.
 */
export const pagePreloads: Readonly<Record<string, { api: readonly string[]; images: readonly { path: string; media: string }[] }>> = {
  // A phone never shows the hero picture, so it never preloads it.
  '/': { api: [LATEST_PARTS_PATH, LATEST_REVIEWS_PATH], images: [{ path: HOME_HERO_IMAGE_PATH, media: HOME_HERO_MEDIA }] },
  // The catalog opened without filters (a filtered URL is not preloaded: the server sees no query).
  '/products': { api: [catalogApiPath({})], images: [] },
};
