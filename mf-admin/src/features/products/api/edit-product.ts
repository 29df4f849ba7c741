import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { type ApiBody, partSchema } from '@pcpp/contracts/core';
import { uploadImage } from './add-product';

export type PartPatchBody = ApiBody<'/tools/{id}', 'patch'>;

/** PATCH /tools/{id} (admin): the version loaded and only the fields that changed. */
export function editPart(id: string, patch: PartPatchBody) {
  return api.patch('/tools/{id}', { params: { id }, body: patch, answer: partSchema });
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
