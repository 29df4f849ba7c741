// Test helpers for the front ends' jest suites; never imported by application code.
export * from './api-test-server';
export * from './fixtures';
export * from './ids';
export * from './render-with-query-client';
