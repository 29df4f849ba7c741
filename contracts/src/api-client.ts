import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type { ApiErrorBody } from './entities';
import { authStore, type AccessToken } from './auth-store';
import type { ApiAnswer, ApiBody, ApiCallOptions, ApiMethod, ApiPath } from './api-call-types';
import type { paths } from './api-types';
import { apiUrl, type UrlValues } from './api-url';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The token exchange itself: carries its own ID token and never starts a refresh. */
    skipSessionRefresh?: boolean;
  }
}

/** Every failed api call surfaces as this, with a sentence fit to show a person. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Shown on /login when the session could not be renewed. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** The spec: the access token is renewed from 5 minutes before it expires. */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Set by the shell (or a remote's standalone host). */
let baseURL: string | undefined;
/** Told of every answer (the shell's server records the reads of each render). */
const answerListeners: Array<(response: AxiosResponse, url: string) => void> = [];

let axiosClient: Promise<AxiosInstance> | undefined;

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/;

/**
 * The trace of this page's document, which the shell's server names in Server-Timing when tracing
 * is on: the page's api calls carry it (`traceparent`), so they join the page's trace. None on the
 * server (its http instrumentation sends its own) or with tracing off.
 */
function pageTraceparent(): string | undefined {
  if (typeof window === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  const [page] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const description = page?.serverTiming?.find((entry) => entry.name === 'traceparent')?.description;
  return description && TRACEPARENT.test(description) ? description : undefined;
}

/**
 * The one axios instance of the project, made at the first call: axios comes in its own chunk, so a
 * page painted from the server's HTML and hydrated with its data does not load it until it calls the api.
 */
function client(): Promise<AxiosInstance> {
  axiosClient ??= import(/* webpackChunkName: "axios" */ 'axios').then(({ default: axios }) => {
    const created = axios.create({ timeout: 15_000, baseURL });
    const traceparent = pageTraceparent();
    if (traceparent) created.defaults.headers.common.traceparent = traceparent;
    installSession(created);
    created.interceptors.response.use((response) => {
      for (const listener of answerListeners) listener(response, created.getUri(response.config));
      return response;
    });
    return created;
  });
  // A chunk that failed to load is asked for again at the next call.
  axiosClient.catch(() => {
    axiosClient = undefined;
  });
  return axiosClient;
}

/**
 * Loads axios ahead of the first call: the shell's page does at a visitor's first touch or key, the
 * shell's server before its first render (it waits for it there).
 */
export async function warmApiClient(): Promise<void> {
  await client().catch(() => undefined);
}

/**
 * The project's one api client: the axios instance, loaded on first use, with its session and
 * answer listeners. Front-end code calls the typed `api` below, never `request` itself.
 */
export const apiClient = {
  request: <T = unknown>(config: AxiosRequestConfig) => client().then((axios) => axios.request<T>(config)),
  /**
   * POSTs a report the page neither waits for nor reads (the releases' load and failure counts):
   * by fetch with keepalive, so it needs no axios and outlives the page. Rejects when it fails.
   */
  async report(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${(baseURL ?? '').replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
    if (!response.ok) throw statusError(response.status);
  },
  /**
   * Queues a report with navigator.sendBeacon, which outlives the page (a page being hidden or
   * unloaded). The body goes as text/plain JSON: a "simple" request needs no CORS preflight, which a
   * beacon (always with credentials) could not pass. False when the browser refused to queue it.
   */
  beacon(path: string, body: unknown): boolean {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(`${(baseURL ?? '').replace(/\/$/, '')}${path}`, JSON.stringify(body));
  },
  /** Calls `listener` with every answer and its full address. */
  onAnswer(listener: (response: AxiosResponse, url: string) => void): void {
    answerListeners.push(listener);
  },
};

export function configureApiClient(options: { baseURL: string }): void {
  baseURL = options.baseURL;
  void axiosClient?.then((axios) => {
    axios.defaults.baseURL = options.baseURL;
  });
}

/** The api's address the client calls (undefined until the shell configures it: the page's own). */
export function apiBaseUrl(): string | undefined {
  return baseURL;
}

/** Resolves a stored image path (e.g. /images/parts/x.svg) against the api host. */
export function resolveImageUrl(img: string): string {
  const base = baseURL ?? globalThis.location?.origin ?? 'http://localhost';
  return new URL(img, base).toString();
}

/**
 * What checks an api answer: a zod schema, or a function that loads one. Loaded, zod and the schema
 * come with the first call that needs them (fetched beside the call), not with the page: a page
 * painted from the server's HTML and hydrated with its data never downloads them.
 */
export type AnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * POST /user/verification-email with the identity provider's ID token (sign-up asks before its token
 * exchange): the shop emails the link that verifies the address itself.
 */
export async function requestVerificationEmail(idToken: string): Promise<{ email: string }> {
  const { email } = await api.post('/user/verification-email', {
    headers: { Authorization: `Bearer ${idToken}` },
    skipSessionRefresh: true,
    answer: () => import('./api-answers').then((answers) => answers.verificationEmailAnswerSchema),
  });
  return { email };
}

/** PUT /user/{email} with the identity provider's ID token: the api's own access token, and its notice if any. */
export async function exchangeIdToken(identity: { email: string; idToken: string }): Promise<AccessToken & { notice?: string }> {
  const requestedAt = Date.now();
  const { token, expiresIn, notice } = await api.put('/user/{email}', {
    params: { email: identity.email },
    body: { email: identity.email },
    headers: { Authorization: `Bearer ${identity.idToken}` },
    skipSessionRefresh: true,
    answer: () => import('./api-answers').then((answers) => answers.accessTokenAnswerSchema),
  });
  return { token, expiresAt: requestedAt + expiresIn * 1000, ...(notice ? { notice } : {}) };
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * A new access token from a fresh ID token. Single-flight: every caller waiting at the same time
 * shares one exchange. When the exchange fails for a signed-in person, the session ends once.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= exchangeForCurrentIdentity().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function exchangeForCurrentIdentity(): Promise<string | null> {
  const { handlers } = authStore.getState();
  if (!handlers) return null;
  let identity: { email: string; idToken: string } | null;
  try {
    identity = await handlers.currentIdentity(true);
  } catch {
    identity = null;
  }
  if (!identity) return null;
  try {
    const accessToken = await exchangeIdToken(identity);
    authStore.getState().setAccessToken(accessToken);
    return accessToken.token;
  } catch {
    authStore.getState().signedOut(SESSION_ENDED_MESSAGE, { expired: true });
    await handlers.endSession().catch(() => undefined);
    return null;
  }
}

function expiresSoon(expiresAt: number | null): boolean {
  return expiresAt !== null && expiresAt - Date.now() <= RENEW_BEFORE_EXPIRY_MS;
}

const bearer = (token: string) => `Bearer ${token}`;

type RetriableConfig = InternalAxiosRequestConfig & { retriedAfter401?: boolean };

/** The access token on each call, renewed ahead of expiry, and one renewal and retry after a 401. */
function installSession(axios: AxiosInstance): void {
  axios.interceptors.request.use(async (config) => {
    if (config.skipSessionRefresh || config.headers.has('Authorization')) return config;
    const { accessToken, accessTokenExpiresAt } = authStore.getState();
    if (!accessToken) return config;
    // Renew ahead of expiry, so a long form is never answered with a 401.
    const token = expiresSoon(accessTokenExpiresAt) ? ((await refreshAccessToken()) ?? accessToken) : accessToken;
    if (authStore.getState().status !== 'signedOut') config.headers.set('Authorization', bearer(token));
    return config;
  });

  axios.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error)) throw error;
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status === 401 && config && !config.skipSessionRefresh && !config.retriedAfter401) {
      config.retriedAfter401 = true;
      const sent = config.headers.get('Authorization');
      const current = authStore.getState().accessToken;
      // Another call renewed the token while this one was on the wire: use it, no new exchange.
      const token = current && sent !== bearer(current) ? current : await refreshAccessToken();
      if (token) {
        config.headers.set('Authorization', bearer(token));
        return axios.request(config);
      }
    }
    if (error.response && isBlob(error.response.data)) error.response.data = await jsonOf(error.response.data);
    throw toApiError(error);
  });
}

const isBlob = (data: unknown): data is Blob => typeof Blob !== 'undefined' && data instanceof Blob;

/** A file asked for as a blob (an invoice) that failed: its answer is the api's JSON sentence, as bytes. */
async function jsonOf(blob: Blob): Promise<unknown> {
  try {
    // jsdom's Blob has no text(): FileReader there.
    const text = typeof blob.text === 'function' ? await blob.text() : await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(blob);
    });
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** By its flag, not its class: the class lives in the chunk that is loaded on first use. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** An error answer that brought no sentence of its own. */
function statusError(status: number): ApiError {
  return new ApiError(`The server answered with an error (${status}).`, status);
}

function toApiError(error: AxiosError): ApiError {
  const body = error.response?.data as ApiErrorBody | undefined;
  if (body && typeof body.message === 'string') {
    return new ApiError(body.message, error.response?.status ?? null, body);
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError('The server took too long to answer. Please try again.', null);
  }
  if (!error.response) {
    return new ApiError('Cannot reach the server. Check your connection and try again.', null);
  }
  return statusError(error.response.status);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // By name: each bundle carries its own tree-shaken zod, so a remote's ZodError is another class.
  if (error instanceof Error && error.name === 'ZodError') return 'The server sent an answer this page does not understand.';
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}

/** What `send` reads of a call's options, whatever its path. */
type Anything = { params?: UrlValues; query?: UrlValues } & {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  skipSessionRefresh?: boolean;
};

async function send<S extends z.ZodType>(method: ApiMethod, path: string, options: Anything & { answer: AnswerSchema<S> }): Promise<z.output<S>> {
  const { answer, body, signal, headers, skipSessionRefresh } = options;
  const url = apiUrl(path, options);
  const [checked, { data }] = await Promise.all([
    typeof answer === 'function' ? answer() : answer,
    apiClient.request<unknown>({ method, url, data: body, signal, headers, ...(skipSessionRefresh ? { skipSessionRefresh } : {}) }),
  ]);
  return checked.parse(data);
}

/** With the schema that checks its answer: zod's output must be what the document says the call answers. */
type CheckedCall<P extends keyof paths, M extends ApiMethod, S extends z.ZodType> = ApiCallOptions<P, M> & { answer: AnswerSchema<S> };

/**
 * The typed calls, the front ends' one way to call the api (api-call-types.ts): `api.get('/tools/{id}', { params: { id }, answer: partSchema })` resolves to the
 * part, checked by `partSchema`, whose output TypeScript holds to the document's 200 answer.
 */
export const api = {
  get: <P extends ApiPath<'get'>, S extends z.ZodType<ApiAnswer<P, 'get'>>>(path: P, options: CheckedCall<P, 'get', S>) =>
    send('get', path, options as Anything & { answer: AnswerSchema<S> }),
  post: <P extends ApiPath<'post'>, S extends z.ZodType<ApiAnswer<P, 'post'>>>(path: P, options: CheckedCall<P, 'post', S>) =>
    send('post', path, options as Anything & { answer: AnswerSchema<S> }),
  put: <P extends ApiPath<'put'>, S extends z.ZodType<ApiAnswer<P, 'put'>>>(path: P, options: CheckedCall<P, 'put', S>) =>
    send('put', path, options as Anything & { answer: AnswerSchema<S> }),
  patch: <P extends ApiPath<'patch'>, S extends z.ZodType<ApiAnswer<P, 'patch'>>>(path: P, options: CheckedCall<P, 'patch', S>) =>
    send('patch', path, options as Anything & { answer: AnswerSchema<S> }),
  delete: <P extends ApiPath<'delete'>, S extends z.ZodType<ApiAnswer<P, 'delete'>>>(path: P, options: CheckedCall<P, 'delete', S>) =>
    send('delete', path, options as Anything & { answer: AnswerSchema<S> }),
  /** A file (an invoice, a CSV export) as bytes, with its headers (its Content-Disposition name). */
  async file<P extends ApiPath<'get'>>(path: P, options: ApiCallOptions<P, 'get'>): Promise<{ data: Blob; headers: Record<string, unknown> }> {
    const { signal, headers } = options as Anything;
    const answer = await apiClient.request<Blob>({ method: 'get', url: apiUrl(path, options as Anything), responseType: 'blob', signal, headers });
    return { data: answer.data, headers: answer.headers as Record<string, unknown> };
  },
  /** POSTs a report the page neither waits for nor reads (apiClient.report: fetch with keepalive). */
  report: <P extends ApiPath<'post'>>(path: P, body: ApiBody<P, 'post'>) => apiClient.report(path, body),
  /** Queues a report for when the page goes away (apiClient.beacon: sendBeacon); false when refused. */
  beacon: <P extends ApiPath<'post'>>(path: P, body: ApiBody<P, 'post'>) => apiClient.beacon(path, body),
};
