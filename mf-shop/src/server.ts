// mf-shop's server module (exposed as `./server` by its server build only): what the shell's server
// needs to render one of the shop's public pages. It starts the page's reads through the very query
// options the page renders with, and says what the page's <head> and status are once they answer.
import { ApiError, resolveImageUrl, type ServerPage, type ServerPageModule, type ServerPageRequest } from '@pcpp/contracts';
import {
  BUILDER_PATH,
  COMPARE_PATH,
  compareHref,
  compareIds,
  HOME_HERO_IMAGE_PATH,
  OBJECT_ID_PATTERN,
  documentTitle,
  pageMeta,
  partPageMeta,
  savedBuildContents,
  savedBuildHref,
  savedBuildPageMeta,
  type SavedBuild,
  type PageMeta,
  type Part,
  type PartReviewPage,
} from '@pcpp/contracts/core';
import { absoluteUrl, breadcrumbStructuredData, productStructuredData, type PageHead } from '@pcpp/contracts/seo';
import { partQuery } from './api/get-part';
import { priceHistoryQuery } from './features/product/api/get-price-history';
import { partReviewsQuery } from './features/product/api/part-reviews';
import { type AdviceRequest, adviceQuery } from './features/builder/api/advise-build';
import { savedBuildQuery } from './features/builder/api/get-saved-build';
import { adviceRequestOf, parseBuilderSearch } from './features/builder/lib/builder-url';
import { isSoldOut } from './components/sold-out-note';
import { partListQuery } from './features/catalog/api/get-part-list';
import { latestPartsQuery } from './features/home/api/get-latest-parts';
import { latestReviewsQuery } from './features/reviews/api/get-latest-reviews';
import { CATALOG_PATH, catalogHref, catalogSearch, partHref } from './lib/catalog-url';
import { parseCatalogSearch } from './lib/parse-catalog-search';

type Described = ReturnType<ServerPage['describe']>;

function head(meta: PageMeta, canonicalPath: string, extra: Partial<PageHead> = {}): PageHead {
  return { title: documentTitle(meta.title), description: meta.description, canonicalPath, type: 'website', structuredData: [], indexable: true, ...extra };
}

const notFound = (canonicalPath: string): Described => ({ status: 404, head: head(pageMeta.notFound, canonicalPath, { indexable: false }) });

/** Settles when every read has (prefetchQuery never rejects: a failure is the page's to show). */
function settled(...reads: Promise<void>[]): Promise<void> {
  return Promise.all(reads).then(() => undefined);
}

function staticPage(described: Described): ServerPage {
  return { data: Promise.resolve(), describe: () => described };
}

/** A part's own page: its name, text, picture and price, and where it sits in the catalog. */
function partHead(part: Part, origin: string, reviews?: PartReviewPage): PageHead {
  const url = absoluteUrl(origin, partHref(part._id));
  const imageUrl = resolveImageUrl(part.img);
  return head(partPageMeta(part), partHref(part._id), {
    type: 'product',
    image: { url: imageUrl, alt: part.name },
    priceCents: part.price,
    structuredData: [
      productStructuredData({
        id: part._id,
        name: part.name,
        description: part.description,
        imageUrl,
        category: part.category,
        priceCents: part.price,
        inStock: !isSoldOut(part),
        url,
        rating: part.rating,
        reviews: reviews?.items.map((review) => ({ author: review.name, rating: review.rating, title: review.title, text: review.text, date: review.createdAt })),
      }),
      // The trail the page shows: All Products › category › part.
      breadcrumbStructuredData([
        { name: 'All Products', url: absoluteUrl(origin, CATALOG_PATH) },
        { name: part.category, url: absoluteUrl(origin, catalogHref({ category: part.category })) },
        { name: part.name, url },
      ]),
    ],
  });
}

function partPage(id: string, { queryClient, origin }: ServerPageRequest): ServerPage {
  if (!OBJECT_ID_PATTERN.test(id)) return staticPage(notFound(partHref(id)));
  const query = partQuery(id);
  // The first page of its reviews: the page shows them at once, and the JSON-LD carries them.
  const reviews = partReviewsQuery(id);
  return {
    // The price chart is drawn on the server too: its history is read beside the part.
    data: settled(queryClient.prefetchQuery(query), queryClient.prefetchQuery(reviews), queryClient.prefetchQuery(priceHistoryQuery(id))),
    describe() {
      const state = queryClient.getQueryState(query.queryKey);
      if (state?.data) return { status: 200, head: partHead(state.data, origin, queryClient.getQueryData(reviews.queryKey)) };
      if (state?.status === 'success') return notFound(partHref(id));
      // Not answered in time (the part streams in later) or failed (the browser asks again).
      return { status: 200, head: head(pageMeta.products, partHref(id)) };
    },
  };
}

/** A saved build's shared link: its name, and its parts and total in the preview, with a part's picture. */
function savedBuildHead(build: SavedBuild): PageHead {
  const pictured = build.slots.find((slot) => slot.part)?.part;
  return head(savedBuildPageMeta(build, savedBuildContents(build)), savedBuildHref(build._id), {
    ...(pictured ? { image: { url: resolveImageUrl(pictured.img), alt: pictured.name } } : {}),
  });
}

/** A suggestion the builder's address asks for ('Suggest a build'): read on the server, so a shared link shows it whole. */
function adviceRead({ search, queryClient }: ServerPageRequest): Promise<void> {
  const request = adviceRequestOf(parseBuilderSearch(search).suggest) as AdviceRequest | null;
  return request ? queryClient.prefetchQuery(adviceQuery(request)) : Promise.resolve();
}

/** /builder/{id}: a saved build, public (its link works signed out). */
function savedBuildPage(id: string, request: ServerPageRequest): ServerPage {
  const { queryClient } = request;
  if (!OBJECT_ID_PATTERN.test(id)) return staticPage(notFound(savedBuildHref(id)));
  const query = savedBuildQuery(id);
  return {
    data: settled(queryClient.prefetchQuery(query), adviceRead(request)),
    describe() {
      const state = queryClient.getQueryState(query.queryKey);
      if (state?.data) return { status: 200, head: savedBuildHead(state.data) };
      if (state?.error instanceof ApiError && state.error.status === 404) return notFound(savedBuildHref(id));
      // Not answered in time (the build streams in later) or failed (the browser asks again).
      return { status: 200, head: head(pageMeta.builder, savedBuildHref(id)) };
    },
  };
}

/** Paths match as the shop's routes do: case-insensitively, a trailing slash or not. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

export function preparePage(request: ServerPageRequest): ServerPage {
  const { pathname, search, queryClient } = request;
  const segments = segmentsOf(pathname);
  const first = segments[0]?.toLowerCase() ?? '';
  if (segments.length === 0) {
    return {
      data: settled(queryClient.prefetchQuery(latestPartsQuery()), queryClient.prefetchQuery(latestReviewsQuery())),
      describe: () => ({
        status: 200,
        head: head(pageMeta.home, '/', { image: { url: resolveImageUrl(HOME_HERO_IMAGE_PATH), alt: 'A PC PART PICKER graphics card' } }),
      }),
    };
  }
  if (first === 'products' && segments.length === 1) {
    const filters = parseCatalogSearch(search);
    return {
      data: settled(queryClient.prefetchQuery(partListQuery(catalogSearch(filters)))),
      // One canonical address per set of filters, spelled one way.
      describe: () => ({ status: 200, head: head(pageMeta.products, catalogHref(filters)) }),
    };
  }
  if (first === 'products' && segments.length === 2) {
    let id: string;
    try {
      id = decodeURIComponent(segments[1]!);
    } catch {
      return staticPage(notFound(pathname));
    }
    return partPage(id, request);
  }
  if (`/${first}` === BUILDER_PATH && segments.length <= 2) {
    // A visitor's build lives in the address (?b=…): its parts are read in the browser; a suggestion it asks for, here.
    if (segments.length === 1) {
      return { data: adviceRead(request), describe: () => ({ status: 200, head: head(pageMeta.builder, BUILDER_PATH) }) };
    }
    let id: string;
    try {
      id = decodeURIComponent(segments[1]!);
    } catch {
      return staticPage(notFound(pathname));
    }
    return savedBuildPage(id, request);
  }
  if (`/${first}` === COMPARE_PATH && segments.length === 1) {
    // Shareable: the parts named in the address are read on the server.
    const ids = compareIds(search);
    return {
      data: settled(...ids.map((id) => queryClient.prefetchQuery(partQuery(id)))),
      describe: () => ({ status: 200, head: head(pageMeta.compare, compareHref(ids), { indexable: false }) }),
    };
  }
  if (segments.length === 1) {
    const pages: Record<string, [PageMeta, string]> = {
      blogs: [pageMeta.blogs, '/blogs'],
      portfolio: [pageMeta.portfolio, '/portfolio'],
      returnpolicy: [pageMeta.returnPolicy, '/returnPolicy'],
    };
    const known = pages[first];
    if (known) return staticPage({ status: 200, head: head(known[0], known[1]) });
  }
  return staticPage(notFound(pathname));
}

export default { preparePage } satisfies ServerPageModule;
