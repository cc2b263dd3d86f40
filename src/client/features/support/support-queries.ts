import { useMutation } from '@tanstack/react-query';
import type { TSupportContactRequest, TSupportContactResponse } from '../../../shared/schemas/support.ts';
import { apiJson } from '../../lib/api.ts';

export const SUPPORT_CONTACT_URL = '/api/support/contact';

/** Sends the contact form; the caller says what the person sees on success and failure. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: TSupportContactRequest) => apiJson<TSupportContactResponse>('POST', SUPPORT_CONTACT_URL, input),
  });
}
