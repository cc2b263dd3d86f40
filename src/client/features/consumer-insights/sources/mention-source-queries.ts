import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMentionSourceDto,
  TMentionSourceKind,
  TMentionSourceList,
  TUpdateMentionSourceRequest,
} from '../../../../shared/schemas/mention-sources.ts';
import { apiJson } from '../../../lib/api.ts';

export type MentionSubjectRef = { subject: 'brand' | 'competitor'; id: string };

const base = ({ subject, id }: MentionSubjectRef) =>
  subject === 'brand' ? ['/api/brands', id] : ['/api/competitors', id];
export const mentionSourcesQueryKey = (ref: MentionSubjectRef) => [...base(ref), 'mention-sources'] as const;

/** Every brand's and competitor's listening sources: their health moves with each discovery. */
export const isMentionSourcesQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[2] === 'mention-sources';

/** The listening sources of a brand or a competitor, with their settings and health. */
export function useMentionSources(ref: MentionSubjectRef | null) {
  return useQuery<TMentionSourceList>({
    queryKey: ref ? mentionSourcesQueryKey(ref) : ['mention-sources', 'none'],
    enabled: ref !== null,
  });
}

export function useUpdateMentionSource(ref: MentionSubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, change }: { kind: TMentionSourceKind; change: TUpdateMentionSourceRequest }) =>
      apiJson<TMentionSourceDto>('PUT', `${base(ref).join('/')}/mention-sources/${kind}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentionSourcesQueryKey(ref) }),
  });
}
