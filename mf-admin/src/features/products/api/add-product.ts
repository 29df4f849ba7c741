import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { insertedIdAnswerSchema, uploadResponseSchema, type PartInput } from '@pcpp/contracts/core';

/** POST /uploads (admin, multipart field `image`): the api checks, resizes and stores the photo. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await api.post('/uploads', { body: form, answer: uploadResponseSchema });
  return data.url;
}

/** POST /tools (admin): price in cents, img the uploaded photo's URL. */
export function addPart(part: PartInput) {
  return api.post('/tools', { body: part, answer: insertedIdAnswerSchema });
}

/** A part to add with its photo file instead of the uploaded photo's URL (for each category's body). */
export type NewPart = PartInput extends infer P ? (P extends unknown ? Omit<P, 'img'> & { image: File } : never) : never;

/** Uploads the photo, then adds the part; Home and the catalog (mf-shop) show it at once. */
export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...part }: NewPart) => addPart({ ...part, img: await uploadImage(image) } as PartInput),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
