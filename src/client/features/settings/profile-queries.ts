import { useMutation } from '@tanstack/react-query';
import type { TProfile, TUpdateProfileRequest } from '../../../shared/schemas/profile.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, isUnauthorizedError } from '../../lib/api.ts';
import { refreshCurrentUser } from '../../lib/current-user.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

/**
 * PATCH /api/profile. The current user is read again afterwards, so the shell's name and the
 * Verified badge follow what was saved. `onRefused` gets the server's reason for a refusal it
 * can show beside a field (an e-mail another account uses).
 */
export function useUpdateProfile({ onRefused }: { onRefused: (error: unknown) => void }) {
  return useMutation({
    mutationFn: (input: TUpdateProfileRequest) => apiJson<TProfile>('PATCH', '/api/profile', input),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Profile updated successfully' });
      await refreshCurrentUser();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return notifyError(error, 'Error', 'Failed to update profile');
      toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
      onRefused(error);
    },
  });
}
