// The server-safe part of the contracts: no browser APIs, no axios, no zustand. The api imports this.
// (What servers write for search engines, `@pcpp/contracts/seo`, is its own entry: browsers never need it.)
export * from './address';
export * from './admin';
export * from './api-answers';
export * from './build-rules';
export * from './builds';
export type * from './api-answer-types';
export * from './cart';
export * from './checkout';
export * from './catalog-facets';
export * from './catalog-query';
export * from './contact';
export * from './cpus';
export * from './entities';
export * from './entity-schemas';
export * from './messages';
export * from './money';
export * from './names';
export * from './orders';
export * from './order-details';
export * from './part-specs';
export * from './pages';
export * from './releases';
export * from './routes';
export * from './runtime-config';
export * from './schemas';
export * from './timeout';
export * from './text';
