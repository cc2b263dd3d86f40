import type { EmailDocument } from '../../emails/templates/email-document.ts';
import type { ReportBranding } from './branding.ts';
import { logoStorageKeyOf } from './branding.ts';

/** Where mail clients fetch a white label's logo: public, by the upload's random key, as PNG. */
export const emailLogoPathFor = (storageKey: string) => `/api/white-label-logos/${storageKey}`;

export type EmailBranding = Pick<EmailDocument, 'productName' | 'accentColor' | 'whiteLabel'>;

/** The contact lines of a white label's footer: its footer text, then e-mail, phone and website. */
export function brandingFooterLines(branding: ReportBranding): string[] {
  const contact = [branding.contactEmail, branding.contactPhone].filter(Boolean).join(' · ');
  return [branding.footerText, contact].filter((line): line is string => Boolean(line?.trim()));
}

/**
 * renderEmail's options for a report that leaves the product: an agency's name, colour, logo,
 * header line, footer and contacts in place of Brandlens's, or nothing (Brandlens) without one.
 * Spread it into the document: `renderEmail({ ...emailBrandingOf(branding), title, blocks, ... })`.
 */
export function emailBrandingOf(branding: ReportBranding | null): EmailBranding {
  if (!branding) return {};
  const logoKey = logoStorageKeyOf(branding.logoUrl);
  return {
    productName: branding.companyName,
    accentColor: branding.primaryColor,
    whiteLabel: {
      logoUrl: logoKey ? emailLogoPathFor(logoKey) : null,
      headerText: branding.headerText,
      footerLines: brandingFooterLines(branding),
      website: branding.website,
    },
  };
}

/** Who sent a report, in the footer note: the agency under a white label, else Brandlens. */
export const reportSourceOf = (branding: ReportBranding | null) => branding?.companyName ?? 'Brandlens';
