import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TBrand, TUploadedFile, ZCreateBrandRequest } from '../../../shared/schemas/brands.ts';
import { MAX_UPLOAD_BYTES, uploadTooLargeMessage } from '../../../shared/schemas/brands.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, apiRequest } from '../../lib/api.ts';
import { auditsQueryKey, brandsQueryKey } from '../audits-shared/audit-queries.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export type BrandFormOutput = z.output<typeof ZCreateBrandRequest>;

export function useCreateBrand(onCreated: (brand: TBrand) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandFormOutput) => apiJson<TBrand>('POST', '/api/brands', input),
    onSuccess: async (brand) => {
      toast({ title: 'Brand Created', description: `${brand.name} is ready to audit.` });
      queryClient.setQueryData<TBrand[]>(brandsQueryKey, (current) => (current ? [...current, brand] : [brand]));
      onCreated(brand);
      await queryClient.invalidateQueries({ queryKey: brandsQueryKey, exact: true });
    },
    onError: (error) => notifyError(error, 'Error', 'Failed to create brand'),
  });
}

export function useUpdateBrand(brandId: string, onSaved: (brand: TBrand) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId: _userId, ...input }: BrandFormOutput) =>
      apiJson<TBrand>('PATCH', `/api/brands/${brandId}`, input),
    onSuccess: async (brand) => {
      toast({ title: 'Brand Updated', description: `${brand.name} has been saved.` });
      onSaved(brand);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: auditsQueryKey, exact: true }),
      ]);
    },
    onError: (error) => notifyError(error, 'Error', 'Failed to update brand'),
  });
}

export function useDeleteBrand(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: TBrand) => apiRequest('DELETE', `/api/brands/${brand.id}`),
    onSuccess: async (_response, brand) => {
      toast({ title: 'Brand Deleted', description: `${brand.name} and its audits have been deleted.` });
      onDeleted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: auditsQueryKey, exact: true }),
      ]);
    },
    onError: (error) => notifyError(error, 'Error', 'Failed to delete brand'),
  });
}

function isAcceptedType(file: File): boolean {
  return file.type.startsWith('image/') || file.type === 'application/pdf';
}

/**
 * Uploads one file (POST /api/upload, part 'file'): checked for 10 MB and type in the browser first.
 * Resolves to the stored file, or null after telling the user why not.
 */
export async function uploadFile(file: File): Promise<TUploadedFile | null> {
  if (file.size > MAX_UPLOAD_BYTES) {
    toast({ title: 'File Too Large', description: uploadTooLargeMessage(file.name), variant: 'destructive' });
    return null;
  }
  if (file.type && !isAcceptedType(file)) {
    toast({ title: 'Upload Failed', description: `${file.name} is not an image or PDF`, variant: 'destructive' });
    return null;
  }
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const uploaded = await apiJson<TUploadedFile>('POST', '/api/upload', form);
    toast({ title: 'File Uploaded', description: uploaded.originalName });
    return uploaded;
  } catch (error) {
    notifyError(error, 'Upload Failed', 'Failed to upload file');
    return null;
  }
}
