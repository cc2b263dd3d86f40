import { eq } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import type { TReportBranding } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import { users, whiteLabelSettings } from '../../db/schema/index.ts';
import type { UploadStorage } from '../uploads/storage.ts';

export type ReportBranding = TReportBranding & { logo: Buffer | null };

/** White-label branding for an owner's reports: plans that include it, and active settings only. */
export async function loadReportBranding(
  db: Database,
  uploads: UploadStorage,
  ownerId: string,
): Promise<ReportBranding | null> {
  const [row] = await db
    .select({ settings: whiteLabelSettings, planType: users.planType })
    .from(whiteLabelSettings)
    .innerJoin(users, eq(users.id, whiteLabelSettings.userId))
    .where(eq(whiteLabelSettings.userId, ownerId));
  if (!row || !plans[row.planType].allows.whiteLabel || !row.settings.isActive) return null;
  const { settings } = row;
  const logoKey = settings.companyLogo?.split('/').at(-1);
  const logo = logoKey ? await uploads.read(logoKey).catch(() => null) : null;
  return {
    companyName: settings.companyName,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    hasLogo: Boolean(logo),
    headerText: settings.headerText,
    footerText: settings.footerText,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
    website: settings.website,
    logo,
  };
}
