// By package path, so the built dist/pages.js reads the one JSON file in src/ (swc does not copy JSON).
import pagePathsFile from '@pcpp/contracts/page-paths.json';
import { formatCents } from './money';
import { type PageMeta, SITE_NAME } from './page-title';

const shopDescription = 'Motherboards, memory, storage, CPU coolers, power supplies and video cards from the maker.';

/** Title and meta description of every page; pages about one part use the part's name instead. */
export const pageMeta = {
  home: { title: 'Computer parts from the maker', description: `${SITE_NAME}: ${shopDescription}` },
  products: { title: 'Products', description: `Browse every part: ${shopDescription}` },
  builder: {
    title: 'PC Builder',
    description: 'Plan a whole PC from our parts: compatibility checked part by part, estimated wattage, a link to share.',
  },
  myBuilds: { title: 'My Builds', description: 'Your saved PC builds, their compatibility and a link to share each.' },
  compare: { title: 'Compare parts', description: 'Parts of one category side by side: their specs, price, rating and stock.' },
  myAlerts: { title: 'My Alerts', description: 'The emails you asked for when a part is back in stock or cheaper.' },
  blogs: { title: 'Blogs', description: 'Answers from our developers to common web development questions.' },
  portfolio: { title: 'Portfolio', description: 'The developer behind the shop: education, skills and projects.' },
  returnPolicy: { title: 'Returns Policy', description: 'How to return goods bought from PC PART PICKER.' },
  login: { title: 'Login', description: 'Log in to order parts, pay for orders and review the shop.' },
  signup: { title: 'Sign Up', description: 'Create a PC PART PICKER account to order parts.' },
  forgotPassword: { title: 'Reset your password', description: 'Get an email with a link to choose a new password.' },
  authAction: { title: 'Account action', description: 'Verify your email or choose a new password.' },
  purchase: { title: 'Purchase', description: 'Order a part from PC PART PICKER.' },
  cart: { title: 'Your cart', description: 'The parts you are about to order, their quantities and the subtotal.' },
  checkout: { title: 'Checkout', description: 'Where your parts go, and paying for them by card.' },
  checkoutConfirmation: { title: 'Your order', description: 'Your order number, what you ordered, and paying for it.' },
  profile: { title: 'My Profile', description: 'Your profile, address and contact details.' },
  settings: { title: 'Settings', description: 'Your email, password, sessions, saved addresses, your data and your account.' },
  myOrders: { title: 'My Orders', description: 'Your orders, their payment and their status.' },
  addReview: { title: 'Add Your Review', description: 'Tell other customers what you think of the shop.' },
  payment: { title: 'Payment', description: 'Pay for your order by card.' },
  overview: { title: 'Overview', description: 'Sales, orders by state, the parts that sell and the parts about to run out.' },
  makeAdmin: { title: 'Make Admin', description: 'All users; promote a user to admin.' },
  allOrders: { title: 'Manage All Orders', description: 'Every order placed in the shop.' },
  addProduct: { title: 'Add a Product', description: 'Add a part to the catalog.' },
  manageProducts: { title: 'Manage Products', description: 'Every part in the catalog.' },
  editProduct: { title: 'Edit a Product', description: 'Correct a part’s name, price, stock or photo.' },
  activity: { title: 'Activity', description: 'What admins changed, and when.' },
  releases: { title: 'Releases', description: 'Live and published versions of each remote; promote or roll back.' },
  reviews: { title: 'Reviews', description: 'Every review; hide the ones that do not belong on the home page.' },
  dashboardNotFound: { title: 'Page not found', description: 'This dashboard page does not exist.' },
  notFound: { title: 'Page not found', description: 'This page does not exist. Go back to the home page.' },
} as const satisfies Record<string, PageMeta>;

/** Search engines show about 160 characters of a description: longer text ends at a word, with an ellipsis. */
export const DESCRIPTION_MAX_LENGTH = 160;

export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_MAX_LENGTH) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The catalog, and each part's own page under it: the address shared links and the sitemap use. */
export const CATALOG_PAGE_PATH = '/products';

/** The PC builder, and the signed-in account's saved builds (My Builds). */
export const BUILDER_PATH = '/builder';
export const MY_BUILDS_PATH = '/dashboard/myBuilds';

export function partPagePath(id: string): string {
  return `${CATALOG_PAGE_PATH}/${encodeURIComponent(id)}`;
}

/** A part's own page (/products/{id}): its name, and its description. */
export function partPageMeta(part: { name: string; description: string }): PageMeta {
  return { title: part.name, description: shortDescription(part.description) };
}

/**
 * A saved build's page (/builder/{id}): its name; with its contents (savedBuildContents), what a
 * shared link's preview says: the parts and the total.
 */
export function savedBuildPageMeta(build: { name: string }, contents?: { parts: readonly string[]; totalCents: number }): PageMeta {
  const planned = `A PC build planned with the ${SITE_NAME} builder: ${build.name}.`;
  if (!contents || contents.parts.length === 0) return { title: build.name, description: shortDescription(planned) };
  return {
    title: build.name,
    description: shortDescription(`${build.name}: ${contents.parts.join(', ')}. Total ${formatCents(contents.totalCents)} at today's prices.`),
  };
}

/** The purchase page (/purchase/{id}): 'Order {part}'. */
export function orderPageMeta(part: { name: string }): PageMeta {
  return { title: `Order ${part.name}`, description: shortDescription(`Order ${part.name} from ${SITE_NAME}: choose the quantity and where it goes.`) };
}

/** The admin's page of one order (/dashboard/allOrder/{number}). */
export function adminOrderPageMeta(number: string): PageMeta {
  return { title: `Order ${number}`, description: `Order ${number}: its parts, parcels, refunds and returns, and every action on it.` };
}

/** The home page's hero picture, served by the api (its largest paint), shown from HOME_HERO_MEDIA up. */
export const HOME_HERO_IMAGE_PATH = '/images/parts/16-gb-triple-fan-graphics-card.svg';
export const HOME_HERO_MEDIA = '(min-width: 1024px)';

/** Path patterns that render a page (see page-paths.json): the single list the shell and its server read. */
export const pagePaths: readonly string[] = pagePathsFile.paths;

/** The pattern of the page that renders this pathname (`/products/:id`), or undefined: the not-found page. */
export function pagePatternOf(pathname: string): string | undefined {
  const segments = splitPath(pathname);
  return pagePaths.find((pattern) => {
    const patternSegments = splitPath(pattern);
    return (
      patternSegments.length === segments.length &&
      patternSegments.every((part, index) =>
        part.startsWith(':') ? Boolean(segments[index]) : part.toLowerCase() === segments[index]?.toLowerCase(),
      )
    );
  });
}

/** True when some page renders this pathname; otherwise it is the not-found page. */
export function isPagePath(pathname: string): boolean {
  return pagePatternOf(pathname) !== undefined;
}

function splitPath(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}
