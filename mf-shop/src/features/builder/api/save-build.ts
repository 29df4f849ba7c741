import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, buildKeys } from '@pcpp/contracts';
import { type ApiAnswer, type BuildInput, objectIdStringSchema } from '@pcpp/contracts/core';

const savedIdSchema = z.object({ _id: objectIdStringSchema });

/** POST /builds: saves the build (Problems and all) for the signed-in account. */
export async function saveBuild(build: BuildInput): Promise<ApiAnswer<'/builds', 'post'>> {
  const { data } = await apiClient.post<unknown>('/builds', build);
  return savedIdSchema.parse(data);
}

/** PUT /builds/{id}: the owner's changes to a saved build. */
export async function updateBuild(id: string, build: BuildInput): Promise<ApiAnswer<'/builds/{id}', 'put'>> {
  const { data } = await apiClient.put<unknown>(`/builds/${encodeURIComponent(id)}`, build);
  return savedIdSchema.parse(data);
}

/** Saves a new build, or changes the saved one `id` names; My Builds (mf-dashboard) and the shared page are stale after. */
export function useSaveBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, build }: { id?: string; build: BuildInput }) => (id ? updateBuild(id, build) : saveBuild(build)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }),
  });
}
