import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUploadedFile } from '../../../shared/schemas/brands.ts';
import type { TSaveWhiteLabelSettingsRequest, TWhiteLabelSettings } from '../../../shared/schemas/white-label.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const WHITE_LABEL_URL = '/api/white-label-settings';

export function useWhiteLabelSettings() {
  return useQuery<TWhiteLabelSettings>({ queryKey: [WHITE_LABEL_URL] });
}

/** POST /api/white-label-settings; the saved settings replace the cached ones. */
export function useSaveWhiteLabelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveWhiteLabelSettingsRequest) => apiJson<TWhiteLabelSettings>('POST', WHITE_LABEL_URL, input),
    onSuccess: (saved) => {
      queryClient.setQueryData([WHITE_LABEL_URL], saved);
      toast({ title: 'White Label Settings Saved' });
    },
    onError: (error) =>
      notifyError(error, 'Failed to save white label settings', 'Failed to save white label settings'),
  });
}

/** Uploads the logo (POST /api/upload); the server keeps images only, and rebuilds SVGs without scripts. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiJson<TUploadedFile>('POST', '/api/upload', form);
    },
    onSuccess: (uploaded) => toast({ title: 'File Uploaded', description: uploaded.originalName }),
    onError: (error) => notifyError(error, 'Upload Failed', 'Failed to upload file'),
  });
}
