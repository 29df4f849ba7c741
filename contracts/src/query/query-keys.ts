/**
 * Every query key of the front ends, one block per api resource. A remote that changes data
 * invalidates by these keys, so another remote's lists are fresh too (one QueryClient per page).
 */
export const toolKeys = {
  all: ['tools'] as const,
  latest: () => [...toolKeys.all, 'latest'] as const,
  /** One catalog page per normalised query string. */
  page: (search: string) => [...toolKeys.all, 'page', search] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
};

/** Orders change stock: whoever changes an order invalidates toolKeys.all too. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => [...orderKeys.all, 'mine', email] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  latest: () => [...reviewKeys.all, 'latest'] as const,
};

/** Everything about the signed-in account: dropped when the person signs out. */
export const userKeys = {
  all: ['users'] as const,
  adminFlag: (email: string) => [...userKeys.all, email, 'admin'] as const,
  profile: (email: string) => [...userKeys.all, email, 'profile'] as const,
};
