// The browser kit, shared once per page: the api client, the auth store and the query layer. What
// holds no state (texts, rules, schemas) is `@pcpp/contracts/core`, which each build takes only the
// parts of it uses from.
export * from './auth-store';
export * from './api-client';
export * from './query/query-client';
export * from './query/query-keys';
export * from './query/use-admin-flag';
export * from './query/server-rendering';
export * from './query/cart';
export * from './query/stripe-js';
export * from './query/orders-awaiting-payment';
export * from './query/profile';
export * from './query/address-book';
export * from './load-runtime-config';
export * from './download-file';
