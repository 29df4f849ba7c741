export * from './entities';
export * from './messages';
export * from './money';
export * from './routes';
export * from './runtime-config';
export * from './schemas';
export * from './auth-store';
export * from './api-client';
