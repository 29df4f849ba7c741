import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, type ApiRequestBody, partSchema } from '@pcpp/contracts/core';
import { uploadImage } from './add-product';

export type PartPatchBody = ApiRequestBody<'/tools/{id}', 'patch'>;

/** PATCH /tools/{id} (admin): the version loaded and only the fields that changed. */
export async function editPart(id: string, patch: PartPatchBody): Promise<ApiAnswer<'/tools/{id}', 'patch'>> {
  const { data } = await apiClient.patch<unknown>(`/tools/${encodeURIComponent(id)}`, patch);
  return partSchema.parse(data);
}

/** Uploads a new photo when one was chosen, then saves the edit; the shop's pages show it at once. */
export function useEditPart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...patch }: Omit<PartPatchBody, 'img'> & { image?: File }) =>
      editPart(id, { ...patch, ...(image ? { img: await uploadImage(image) } : {}) }),
    onSuccess: (part) => {
      queryClient.setQueryData(partKeys.detail(id), part);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]);
    },
  });
}
