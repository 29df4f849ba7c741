/**
 * Every query key of the front ends, one block per api resource. A remote that changes data
 * invalidates by these keys, so another remote's lists are fresh too (one QueryClient per page).
 */
export const partKeys = {
  all: ['tools'] as const,
  latest: () => [...partKeys.all, 'latest'] as const,
  /** One catalog page per normalised query string. */
  page: (search: string) => [...partKeys.all, 'page', search] as const,
  detail: (id: string) => [...partKeys.all, 'detail', id] as const,
  /** The builder's list of one category, a page of 50 at a time (an infinite query). */
  slot: (category: string) => [...partKeys.all, 'slot', category] as const,
  /** The admin's paged product table. */
  list: (params: Readonly<Record<string, string | number | undefined>>) => [...partKeys.all, 'list', params] as const,
};

/** Saved builds: one shared build by id, and the signed-in account's list (My Builds). */
export const buildKeys = {
  all: ['builds'] as const,
  detail: (id: string) => [...buildKeys.all, 'detail', id] as const,
  mine: (email: string, page: number) => [...buildKeys.all, 'mine', email, page] as const,
};

/** Orders change stock: whoever changes an order invalidates partKeys.all too. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => [...orderKeys.all, 'mine', email] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  /** The admin's table of every order: its search, filters, sort and page. */
  list: (params: { page: number; status?: string; q?: string; from?: string; to?: string; sort?: string }) =>
    [...orderKeys.all, 'list', params] as const,
  /** Orders as wholes (GET /orders/mine, GET /orders, GET /orders/{number}): under orderKeys.all, so a line's change makes them stale too. */
  wholeMine: (email: string, page: number) => [...orderKeys.all, 'whole-mine', email, page] as const,
  whole: (number: string) => [...orderKeys.all, 'whole', number] as const,
  wholeList: (params: { page: number; status?: string; q?: string; from?: string; to?: string; sort?: string }) =>
    [...orderKeys.all, 'whole-list', params] as const,
  /** The admin's returns (GET /returns). */
  returns: (params: { page: number; status?: string }) => [...orderKeys.all, 'returns', params] as const,
  /** Units unpaid orders hold, per part (Manage Products): any order change makes it stale. */
  stockHolds: (partIds: readonly string[]) => [...orderKeys.all, 'stock-holds', partIds] as const,
};

/** The admin's log of admin actions. */
export const activityKeys = {
  all: ['activity'] as const,
  list: (params: { page: number; kind?: string; actor?: string }) => [...activityKeys.all, 'list', params] as const,
};

/** The admin's Overview: the figures of a period, and the low-stock list. */
export const insightsKeys = {
  all: ['insights'] as const,
  overview: (days: number) => [...insightsKeys.all, 'overview', days] as const,
  lowStock: (page: number) => [...insightsKeys.all, 'low-stock', page] as const,
};

/** The admin's Releases page: every remote's versions, live one and load failures. */
export const releaseKeys = { all: ['releases'] as const };

/** A review hidden or shown by an admin invalidates reviewKeys.all: the home page's list too. */
export const reviewKeys = {
  all: ['reviews'] as const,
  latest: () => [...reviewKeys.all, 'latest'] as const,
  /** The admin's table of every review, hidden ones included. */
  list: (params: { page: number }) => [...reviewKeys.all, 'list', params] as const,
};

/** Reviews of one part (issue 33): its pages by sort and page, and the admin's moderation table. */
export const partReviewKeys = {
  all: ['part-reviews'] as const,
  part: (partId: string) => [...partReviewKeys.all, partId] as const,
  page: (partId: string, params: { sort: string; page: number }) => [...partReviewKeys.part(partId), 'page', params] as const,
  list: (params: { page: number; productId?: string; hidden?: boolean; heldVotes?: boolean }) => [...partReviewKeys.all, 'list', params] as const,
};

/** Everything about the signed-in account: dropped when the person signs out. */
export const userKeys = {
  all: ['users'] as const,
  adminFlag: (email: string) => [...userKeys.all, email, 'admin'] as const,
  profile: (email: string) => [...userKeys.all, email, 'profile'] as const,
  /** The account's saved addresses (GET /me/addresses). */
  addresses: (email: string) => [...userKeys.all, email, 'addresses'] as const,
  /** The account's cart (GET /cart). */
  cart: (email: string) => [...userKeys.all, email, 'cart'] as const,
  /** The account's review of a part, its "helpful" marks there, and whether it may review. */
  partReview: (email: string, partId: string) => [...userKeys.all, email, 'part-review', partId] as const,
  /** The admin's table of accounts. */
  list: (params: { page: number; q?: string }) => [...userKeys.all, 'list', params] as const,
  /** How many accounts there are in all (the Make Admin heading). */
  count: () => [...userKeys.all, 'count'] as const,
};
