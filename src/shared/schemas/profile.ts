import { z } from 'zod';
import { ZEmailAddress } from './email.ts';
import { ZText } from './text.ts';

/** users.first_name and users.last_name are varchar(100). */
export const MAX_NAME_LENGTH = 100;

export const emailInUseMessage =
  'That email address is already used by another account. Sign in with that account, or choose another address.';

/** A name as typed: trimmed; left empty it is cleared. */
const ZPersonName = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    ZText(label).max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`).nullable(),
  );

/** PATCH /api/profile: the e-mail is the sign-in identity, kept lower-case like every sign-in. */
export const ZUpdateProfileRequest = z.object({
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  email: ZEmailAddress.transform((email) => email.toLowerCase()),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

/** The profile as saved (the reply to PATCH /api/profile). */
export const ZProfile = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** True only while the e-mail is one an identity provider verified */
  emailVerified: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;
