import { z } from 'zod';
import { ZUploadUrl, ZWebsiteUrl } from './brands.ts';
import { invalidEmailMessage, MAX_EMAIL_LENGTH } from './email.ts';
import { ZText } from './text.ts';

/** SPEC's defaults, what GET answers before anything is saved. */
export const whiteLabelDefaults = {
  primaryColor: '#000000',
  secondaryColor: '#666666',
  isActive: true,
} as const;

export const MAX_COMPANY_NAME_LENGTH = 200;
export const MAX_HEADER_TEXT_LENGTH = 200;
export const MAX_FOOTER_TEXT_LENGTH = 300;
export const MAX_CONTACT_PHONE_LENGTH = 50;

export const colourMessage = (label: string) => `${label} must be a colour like #1A2B3C or #ABC`;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' and '#AABBCC' alike become '#AABBCC': reports, e-mails and PDFs read one form. */
export function normaliseHexColour(value: string): string {
  const digits = value.trim().slice(1).toUpperCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

export const isHexColour = (value: string) => HEX_COLOUR.test(value.trim());

const ZColour = (label: string, fallback: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : value),
    z.string(colourMessage(label)).trim().regex(HEX_COLOUR, colourMessage(label)).transform(normaliseHexColour),
  );

/** Optional one-line text: blank is absent. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    ZText(label).max(max, `${label} must be at most ${max} characters`).nullable(),
  );

const ZContactEmail = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
  z
    .string(invalidEmailMessage)
    .max(MAX_EMAIL_LENGTH, invalidEmailMessage)
    .pipe(z.email(invalidEmailMessage))
    .nullable(),
);

export const contactPhoneMessage = 'Contact phone may hold digits, spaces, +, -, ( and ) only';

const ZContactPhone = optionalText('Contact phone', MAX_CONTACT_PHONE_LENGTH).refine(
  (value) => value === null || /^\+?[\d\s().-]{3,}$/.test(value),
  contactPhoneMessage,
);

export const companyNameRequiredMessage = 'Company name is required';

/** POST /api/white-label-settings: every field; blank optional fields are cleared. */
export const ZSaveWhiteLabelSettingsRequest = z.object({
  companyName: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    ZText('Company name', { required: companyNameRequiredMessage })
      .min(1, companyNameRequiredMessage)
      .max(MAX_COMPANY_NAME_LENGTH, `Company name must be at most ${MAX_COMPANY_NAME_LENGTH} characters`),
  ),
  companyLogo: z
    .preprocess((value) => (value === '' ? null : value), ZUploadUrl.nullable())
    .optional()
    .describe('The URL POST /api/upload answered for the logo image; null removes the logo'),
  primaryColor: ZColour('Primary colour', whiteLabelDefaults.primaryColor).describe('#RRGGBB or #RGB'),
  secondaryColor: ZColour('Secondary colour', whiteLabelDefaults.secondaryColor).describe('#RRGGBB or #RGB'),
  headerText: optionalText('Header text', MAX_HEADER_TEXT_LENGTH).optional(),
  footerText: optionalText('Footer text', MAX_FOOTER_TEXT_LENGTH).optional(),
  contactEmail: ZContactEmail.optional(),
  contactPhone: ZContactPhone.optional(),
  website: ZWebsiteUrl.optional(),
  isActive: z.boolean('isActive must be true or false').default(whiteLabelDefaults.isActive),
});
export type TSaveWhiteLabelSettingsRequest = z.input<typeof ZSaveWhiteLabelSettingsRequest>;

/** GET and POST /api/white-label-settings reply: the saved settings, or SPEC's defaults (saved: false). */
export const ZWhiteLabelSettings = z.object({
  /** false until the settings are saved for the first time */
  saved: z.boolean(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  headerText: z.string().nullable(),
  footerText: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  /** whether reports leave the product with this white label now: saved, active, and the plan allows it */
  applied: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TWhiteLabelSettings = z.infer<typeof ZWhiteLabelSettings>;
