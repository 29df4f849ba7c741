import type { paths } from './api-types';

// The front ends' fetchers declare what they return as the api's OpenAPI document says it answers
// (api-types.ts is generated from it by `npm run openapi`). A field renamed or retyped in the api
// then breaks the typecheck of every fetcher, and every page, that reads it.

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A path as the document writes it: `/tools/{id}`. */
export type ApiPath = keyof paths;

type JsonBody<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of an operation's success answer (its 200, else its 201). */
export type ApiAnswer<P extends ApiPath, M extends Method> = paths[P][M] extends { responses: infer Responses }
  ? Responses extends { 200: infer Ok }
    ? JsonBody<Ok>
    : Responses extends { 201: infer Created }
      ? JsonBody<Created>
      : never
  : never;

/** The JSON body an operation takes. */
export type ApiRequestBody<P extends ApiPath, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The answer of a list asked for a page: those that also answer the spec's plain array when asked without parameters. */
export type ApiPageAnswer<P extends ApiPath, M extends Method> = Exclude<ApiAnswer<P, M>, unknown[]>;
