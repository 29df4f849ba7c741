// What search engines and link previews read in the server's HTML: the <head> of a page (title,
// description, canonical URL, Open Graph and Twitter card tags, schema.org structured data), the
// sitemap and robots.txt. Server-safe: the shell's server writes them, remotes describe their pages.
import escapeHtml from 'escape-html';
import { CURRENCY, centsToDecimal } from './money';
import { shownName } from './names';
import { SITE_NAME } from './page-title';
import { SHELL_PAGE_PATHS, routeOwnership } from './routes';

/** What a page says about itself in its <head> (the shell's server writes the tags). */
export interface PageHead {
  /** The whole document title (`documentTitle(...)`). */
  title: string;
  description: string;
  /** Path and query of the page's canonical URL on the shop's own origin (`/products/{id}`). */
  canonicalPath: string;
  /** og:type */
  type: 'website' | 'product';
  /** An absolute picture URL for link previews, and what it shows. */
  image?: { url: string; alt: string };
  /** A product's price for link previews (Open Graph `product:price:*`). */
  priceCents?: number;
  /** schema.org objects: one `<script type="application/ld+json">` each. */
  structuredData: Record<string, unknown>[];
  /** False for a page search engines should drop (not found). */
  indexable: boolean;
}


/** JSON inside a <script> block: only `</script` or `<!--` could end it early, so `<` is escaped. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** `https://shop.example` + `/products/1` (the origin without a trailing slash). */
export function absoluteUrl(origin: string, pathAndQuery: string): string {
  return new URL(pathAndQuery, `${origin.replace(/\/+$/, '')}/`).href;
}

/** The tags of a page's <head> (its <title> included), escaped. */
export function headTags(head: PageHead, origin: string): string {
  const url = absoluteUrl(origin, head.canonicalPath);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.indexable ? `<link rel="canonical" href="${escapeHtml(url)}">` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  if (head.priceCents !== undefined) {
    tags.push(meta('property', 'product:price:amount', centsToDecimal(head.priceCents)), meta('property', 'product:price:currency', CURRENCY));
  }
  for (const data of head.structuredData) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

/** schema.org `Product` with its `Offer`: what a search result shows beside a part's name. */
export function productStructuredData(part: {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  category: string;
  priceCents: number;
  inStock: boolean;
  url: string;
  /** Its customers' rating and some of their reviews (issue 33): absent while it has none. */
  rating?: { average: number; count: number };
  reviews?: readonly { author: string; rating: number; title: string; text: string; date: string }[];
}): Record<string, unknown> {
  const rated = part.rating && part.rating.count > 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image: [part.imageUrl],
    sku: part.id,
    category: part.category,
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      url: part.url,
      price: centsToDecimal(part.priceCents),
      priceCurrency: CURRENCY,
      availability: part.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(rated
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: part.rating!.average, reviewCount: part.rating!.count, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(rated && part.reviews && part.reviews.length > 0
      ? {
          review: part.reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: shownName(review.author) },
            name: review.title,
            reviewBody: review.text,
            datePublished: review.date.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** schema.org `BreadcrumbList` from the trail a page shows (absolute URLs, first is the top). */
export function breadcrumbStructuredData(trail: readonly { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** A sitemap file holds at most this many URLs (sitemaps.org); past it, /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages every sitemap lists before the parts' own pages. */
export const SITEMAP_PAGE_PATHS = ['/', '/products', '/builder', '/blogs', '/portfolio', '/returnPolicy'] as const;

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>';

export function sitemapUrlSet(urls: readonly { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`,
  );
  return [xmlHeader, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
}

export function sitemapIndex(locs: readonly string[]): string {
  const entries = locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`);
  return [xmlHeader, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>', ''].join('\n');
}

/**
 * /robots.txt: every path a visitor must sign in for (the dashboard, the admin console, purchasing,
 * from the route ownership table) and the sign-in pages stay out of search engines.
 */
export function robotsTxt(origin: string): string {
  const prefixes = new Set<string>();
  for (const { path, access } of routeOwnership) {
    if (access === 'public') continue;
    // `/dashboard/*` → `/dashboard`; `/purchase/:id` → `/purchase/`.
    const fixed = path.split('/').filter(Boolean);
    const variable = fixed.findIndex((segment) => segment.startsWith(':') || segment === '*');
    prefixes.add(variable === -1 ? `/${fixed.join('/')}` : `/${fixed.slice(0, variable).join('/')}${variable > 0 && fixed[variable] !== '*' ? '/' : ''}`);
  }
  for (const path of SHELL_PAGE_PATHS) prefixes.add(path);
  // A prefix already covered by a shorter one says nothing more.
  const kept = [...prefixes].filter((prefix) => ![...prefixes].some((other) => other !== prefix && prefix.startsWith(other) && !other.endsWith('/')));
  return ['User-agent: *', ...kept.sort().map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join('\n');
}
