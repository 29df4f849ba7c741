import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, releaseKeys } from '@pcpp/contracts';
import { remoteReleasesSchema } from '@pcpp/contracts/core';

/** GET /releases (admin): each remote's live version, published versions and recent load failures. */
export function getReleases(signal?: AbortSignal) {
  return api.get('/releases', { signal, answer: z.array(remoteReleasesSchema) });
}

export const releasesQuery = () => queryOptions({ queryKey: releaseKeys.all, queryFn: ({ signal }) => getReleases(signal) });

export const useReleases = () => useQuery(releasesQuery());
