// Everything the front ends share: the server-safe core plus the api client and the auth store.
export * from './core';
export * from './auth-store';
export * from './api-client';
export * from './use-admin-flag';
