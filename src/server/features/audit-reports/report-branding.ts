import type { TReportBranding } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { logoStorageKeyOf, reportBrandingOf } from '../white-label/branding.ts';

export type ReportBranding = TReportBranding & { logo: Buffer | null };

/** White-label branding for an owner's reports (see reportBrandingOf), with the logo's bytes for PDFs. */
export async function loadReportBranding(
  db: Database,
  uploads: UploadStorage,
  ownerId: string,
): Promise<ReportBranding | null> {
  const branding = await reportBrandingOf(db, ownerId);
  if (!branding) return null;
  const { logoUrl, ...text } = branding;
  const logoKey = logoStorageKeyOf(logoUrl);
  const logo = logoKey ? await uploads.read(logoKey).catch(() => null) : null;
  return { ...text, hasLogo: Boolean(logo), logo };
}
