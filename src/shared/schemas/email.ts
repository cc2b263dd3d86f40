import { z } from 'zod';

/** The refusal for anything that is not one e-mail address, in every e-mail form and route. */
export const invalidEmailMessage = 'Please enter a valid email address';
export const missingEmailMessage = 'Please enter an email address';
/** RFC 5321's limit on an address in a mail path. */
export const MAX_EMAIL_LENGTH = 254;
/** Enough for a team's list; more than this is a mailing list, not a report being shared. */
export const MAX_EMAIL_RECIPIENTS = 20;

/**
 * One e-mail address as a person types it: trimmed, then a single `local@domain` (no display name,
 * no list, no line breaks, so nothing can be smuggled into a mail header).
 */
export const ZEmailAddress = z
  .string(invalidEmailMessage)
  .trim()
  .min(1, missingEmailMessage)
  .max(MAX_EMAIL_LENGTH, invalidEmailMessage)
  .pipe(z.email(invalidEmailMessage));

/** The addresses one message goes to: at least one, each valid, duplicates (ignoring case) dropped. */
export const ZEmailRecipients = z
  .array(ZEmailAddress, invalidEmailMessage)
  .min(1, 'Please add at least one recipient email address')
  .max(MAX_EMAIL_RECIPIENTS, `A message can go to at most ${MAX_EMAIL_RECIPIENTS} recipients`)
  .transform((addresses) => {
    const seen = new Set<string>();
    return addresses.filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
