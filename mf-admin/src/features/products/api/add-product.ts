import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { activityKeys, apiClient, toolKeys, uploadResponseSchema, type ProductInput } from '@pcpp/contracts';

const addedSchema = z.object({ insertedId: z.string() });

/** POST /uploads (admin, multipart field `image`): the api checks, resizes and stores the photo. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await apiClient.post<unknown>('/uploads', form);
  return uploadResponseSchema.parse(data).data.url;
}

/** POST /tools (admin): price in cents, img the uploaded photo's URL. */
export async function addProduct(product: ProductInput) {
  const { data } = await apiClient.post<unknown>('/tools', product);
  return addedSchema.parse(data);
}

/** Uploads the photo, then adds the part; Home and the catalog (mf-shop) show it at once. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...product }: Omit<ProductInput, 'img'> & { image: File }) =>
      addProduct({ ...product, img: await uploadImage(image) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
