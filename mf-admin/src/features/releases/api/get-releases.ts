import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getParsed, releaseKeys } from '@pcpp/contracts';
import { type ApiAnswer, remoteReleasesSchema } from '@pcpp/contracts/core';

/** GET /releases (admin): each remote's live version, published versions and recent load failures. */
export function getReleases(signal?: AbortSignal): Promise<ApiAnswer<'/releases', 'get'>> {
  return getParsed(z.array(remoteReleasesSchema), '/releases', { signal });
}

export const releasesQuery = () => queryOptions({ queryKey: releaseKeys.all, queryFn: ({ signal }) => getReleases(signal) });

export const useReleases = () => useQuery(releasesQuery());
