import type { paths } from './api-types';

// The front ends' one way to call the api: each call is typed by its path as the generated OpenAPI
// document (`npm run openapi` -> api-types.ts) writes it. A path, a param, a query key or a body field
// renamed or retyped in the api breaks the typecheck of every call that uses it, and each answer is
// still checked at run time by the zod schema the call names.

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that take `M`, as the document writes them: `/tools/{id}`. */
export type ApiPath<M extends ApiMethod> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];

/** The operation behind a method and path. */
type Operation<P extends keyof paths, M extends ApiMethod> = paths[P] extends Record<M, infer O> ? O : never;

type ParameterIn<O, Where extends 'path' | 'query'> = O extends { parameters: Record<Where, infer X> } ? X : never;
type OptionalParameterIn<O, Where extends 'path' | 'query'> = O extends { parameters: Partial<Record<Where, infer X>> } ? X : never;

/** `{ params }` when the path has `{placeholders}`; `{ query }`, required when the api requires one of its keys. */
type ParamsOption<O> = [ParameterIn<O, 'path'>] extends [never] ? { params?: never } : { params: ParameterIn<O, 'path'> };
type QueryOption<O> = [ParameterIn<O, 'query'>] extends [never]
  ? [OptionalParameterIn<O, 'query'>] extends [never]
    ? { query?: never }
    : { query?: OptionalParameterIn<O, 'query'> }
  : { query: ParameterIn<O, 'query'> };

/** The body an operation takes: its JSON (or CSV) text, or a form for a multipart upload. */
type BodyOf<Content> = Content extends { 'multipart/form-data': unknown } ? FormData : Content[keyof Content];
type BodyOption<O> = O extends { requestBody: { content: infer C } }
  ? { body: BodyOf<C> }
  : O extends { requestBody?: { content: infer C } }
    ? { body?: BodyOf<C> }
    : { body?: never };

type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON an operation answers on success: its 200, else its 201. */
export type ApiAnswer<P extends keyof paths, M extends ApiMethod> = Operation<P, M> extends { responses: infer R }
  ? R extends { 200: infer Ok }
    ? Json<Ok>
    : R extends { 201: infer Created }
      ? Json<Created>
      : never
  : never;
/** The body `M path` takes. */
export type ApiBody<P extends keyof paths, M extends ApiMethod> = BodyOption<Operation<P, M>> extends { body?: infer B } ? Exclude<B, undefined> : never;

/** What a call says besides its path. `headers` carry what the api reads there (an Idempotency-Key). */
export type ApiCallOptions<P extends keyof paths, M extends ApiMethod> = ParamsOption<Operation<P, M>> &
  QueryOption<Operation<P, M>> &
  BodyOption<Operation<P, M>> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** The token exchange itself: it carries its own ID token and never starts a refresh. */
    skipSessionRefresh?: boolean;
  };
