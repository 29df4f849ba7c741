import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, buildKeys, usePageQuery } from '@pcpp/contracts';
import { type ApiBody, type BuildAdvice, buildAdviceSchema } from '@pcpp/contracts/core';

export type AdviceRequest = ApiBody<'/builds/advise', 'post'>;

/** The advisor's answer: a build, or the 422's sentence (nothing fits), which the page shows as it is. */
export type AdviceAnswer = { advice: BuildAdvice } | { refused: string };

/** POST /builds/advise (public, limited per address). A 422 is an answer here, not a failure: the server renders it too. */
export async function adviseBuild(request: AdviceRequest, signal?: AbortSignal): Promise<AdviceAnswer> {
  try {
    return { advice: await api.post('/builds/advise', { body: request, signal, answer: buildAdviceSchema }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { refused: error.message };
    throw error;
  }
}

/** One read per request, kept a minute: the same address shows the same suggestion without asking again. */
export const adviceQuery = (request: AdviceRequest) =>
  queryOptions({
    queryKey: [...buildKeys.all, 'advice', request.use, request.budget, request.cpu] as const,
    queryFn: ({ signal }) => adviseBuild(request, signal),
    staleTime: 60_000,
  });

/** On the shell's server the page waits for the suggestion, so a shared link shows it whole. */
export function useBuildAdvice(request: AdviceRequest | null) {
  const placeholder = { budget: 0, use: 'gaming', cpu: 'ryzen-7-7700' } as AdviceRequest;
  return usePageQuery({ ...adviceQuery(request ?? placeholder), enabled: request !== null });
}
