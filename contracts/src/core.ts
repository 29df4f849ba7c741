// The server-safe part of the contracts: no browser APIs, no axios, no zustand. The api imports this.
export * from './address';
export * from './admin';
export * from './api-answers';
export type * from './api-answer-types';
export * from './cart';
export * from './catalog-query';
export * from './contact';
export * from './entities';
export * from './entity-schemas';
export * from './messages';
export * from './money';
export * from './names';
export * from './orders';
export * from './pages';
export * from './releases';
export * from './routes';
export * from './runtime-config';
export * from './schemas';
