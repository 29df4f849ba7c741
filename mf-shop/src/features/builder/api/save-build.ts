import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, buildKeys } from '@pcpp/contracts';
import type { ApiBody, BuildInput } from '@pcpp/contracts/core';

/** The answer's schema (and zod with it) load with the first save, not with the builder. */
const savedIdSchema = () => import('@pcpp/contracts/core').then((core) => core.savedBuildIdSchema);

type BuildBody = ApiBody<'/builds', 'post'>;
/** CPU_IDS is typed string[] while the document lists the ids; the builder keeps no cpu outside CPU_IDS (decodeBuild). */
const buildBody = (build: BuildInput): BuildBody => ({ ...build, cpu: build.cpu as BuildBody['cpu'] });

/** POST /builds: saves the build (Problems and all) for the signed-in account. */
export function saveBuild(build: BuildInput) {
  return api.post('/builds', { body: buildBody(build), answer: savedIdSchema });
}

/** PUT /builds/{id}: the owner's changes to a saved build. */
export function updateBuild(id: string, build: BuildInput) {
  return api.put('/builds/{id}', { params: { id }, body: buildBody(build), answer: savedIdSchema });
}

/** Saves a new build, or changes the saved one `id` names; My Builds (mf-dashboard) and the shared page are stale after. */
export function useSaveBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, build }: { id?: string; build: BuildInput }) => (id ? updateBuild(id, build) : saveBuild(build)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }),
  });
}
