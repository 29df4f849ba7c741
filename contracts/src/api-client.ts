import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from './entities';
import { authStore } from './auth-store';

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

/** The one axios instance of the project. The shell (or a remote's standalone host) sets baseURL. */
export const apiClient = axios.create({ timeout: 15_000 });

export function configureApiClient(options: { baseURL: string }): void {
  apiClient.defaults.baseURL = options.baseURL;
}

/** Resolves a stored image path (e.g. /images/parts/x.svg) against the api host. */
export function resolveImageUrl(img: string): string {
  const base = apiClient.defaults.baseURL ?? globalThis.location?.origin ?? 'http://localhost';
  return new URL(img, base).toString();
}

apiClient.interceptors.request.use((config) => {
  const token = authStore.getState().accessToken;
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) throw error;
  const config = error.config as RetriableConfig | undefined;
  const status = error.response?.status ?? null;
  const { handlers } = authStore.getState();

  // An expired access token: exchange the identity token once, then retry the call.
  if (status === 401 && config && !config._retried && handlers) {
    config._retried = true;
    const token = await handlers.refreshAccessToken();
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      return apiClient.request(config);
    }
    await handlers.signOut();
  }
  throw toApiError(error);
});

function toApiError(error: AxiosError): ApiError {
  const body = error.response?.data as ApiErrorBody | undefined;
  if (body && typeof body.message === 'string') {
    return new ApiError(body.message, error.response?.status ?? null, body);
  }
  if (error.code === AxiosError.ECONNABORTED || error.code === 'ETIMEDOUT') {
    return new ApiError('The server took too long to answer. Please try again.', null);
  }
  if (!error.response) {
    return new ApiError('Cannot reach the server. Check your connection and try again.', null);
  }
  return new ApiError(`The server answered with an error (${error.response.status}).`, error.response.status);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
