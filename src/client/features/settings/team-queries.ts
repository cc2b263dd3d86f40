import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddTeamMemberRequest, TTeamMember, TTeamMembership } from '../../../shared/schemas/team.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const teamMembersQueryKey = ['/api/team-members'] as const;
export const teamMembershipQueryKey = ['/api/team-membership'] as const;

/** The agency owner's team; asked for only when the card manages one. */
export function useTeamMembers({ enabled }: { enabled: boolean }) {
  return useQuery<TTeamMember[]>({ queryKey: teamMembersQueryKey, enabled });
}

/** The agency whose team the signed-in user works in. */
export function useTeamMembership({ enabled }: { enabled: boolean }) {
  return useQuery<TTeamMembership>({ queryKey: teamMembershipQueryKey, enabled });
}

export function useAddTeamMember({ onAdded }: { onAdded: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAddTeamMemberRequest) => apiJson<TTeamMember>('POST', '/api/team-members', request),
    onSuccess: async (member) => {
      toast({
        title: 'Team member added',
        description: `${member.memberEmail} can now sign in and work on your brands and reports.`,
      });
      onAdded();
      await queryClient.invalidateQueries({ queryKey: teamMembersQueryKey });
    },
    onError: (error) =>
      notifyError(error, 'Failed to add team member', 'An error occurred while adding the team member'),
  });
}

export function useRemoveTeamMember({ onSettled }: { onSettled: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    // The address is a path segment: encoded, so '+' and '/' in it stay part of the address.
    mutationFn: (memberEmail: string) =>
      apiJson<{ memberEmail: string }>('DELETE', `/api/team-members/${encodeURIComponent(memberEmail)}`),
    onSuccess: async ({ memberEmail }) => {
      toast({ title: 'Team member removed', description: `${memberEmail} no longer has access to your brands.` });
      onSettled();
      await queryClient.invalidateQueries({ queryKey: teamMembersQueryKey });
    },
    onError: (error) => {
      onSettled();
      notifyError(error, 'Failed to remove team member', 'Failed to remove team member');
    },
  });
}
