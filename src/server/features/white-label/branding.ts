import { eq } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { brands, users, whiteLabelSettings } from '../../db/schema/index.ts';

/** How a report that leaves the product presents itself: an agency's white label, when it is on. */
export type ReportBranding = {
  companyName: string;
  /** the stored logo's URL (an upload of the owner's), or null */
  logoUrl: string | null;
  /** #RRGGBB */
  primaryColor: string;
  secondaryColor: string;
  headerText: string | null;
  footerText: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  website: string | null;
};

/**
 * The owner's white label when it applies: saved, switched on, and on a plan that includes white
 * label (a lapsed agency's reports go back to Brandlens's own branding). Null means Brandlens.
 */
export async function reportBrandingOf(db: Database, ownerId: string): Promise<ReportBranding | null> {
  const [row] = await db
    .select({ settings: whiteLabelSettings, planType: users.planType })
    .from(whiteLabelSettings)
    .innerJoin(users, eq(users.id, whiteLabelSettings.userId))
    .where(eq(whiteLabelSettings.userId, ownerId));
  if (!row?.settings.isActive || !plans[row.planType].allows.whiteLabel) return null;
  const { settings } = row;
  return {
    companyName: settings.companyName,
    logoUrl: settings.companyLogo,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    headerText: settings.headerText,
    footerText: settings.footerText,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
    website: settings.website,
  };
}

/** The upload storage key of a logo URL ('/api/uploads/{key}'), or null. */
export function logoStorageKeyOf(logoUrl: string | null | undefined): string | null {
  const key = logoUrl?.split('/').at(-1);
  return key && /^[a-f0-9-]+\.[a-z0-9]+$/.test(key) ? key : null;
}

/** reportBrandingOf the brand's owner: how a report about this brand leaves the product. */
export async function reportBrandingOfBrand(db: Database, brandId: string): Promise<ReportBranding | null> {
  const [brand] = await db.select({ userId: brands.userId }).from(brands).where(eq(brands.id, brandId));
  return brand ? reportBrandingOf(db, brand.userId) : null;
}
