import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { plans } from '../../../shared/plans.ts';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/brands.ts';
import {
  type TWhiteLabelSettings,
  whiteLabelDefaults,
  type ZSaveWhiteLabelSettingsRequest,
} from '../../../shared/schemas/white-label.ts';
import { uploadedFiles, users, whiteLabelSettings } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { logoStorageKeyOf } from './branding.ts';

type SettingsRow = typeof whiteLabelSettings.$inferSelect;

export const logoNotImageMessage = 'The logo must be an image (PNG, JPEG, GIF, WebP or SVG)';

function toSettingsDto(row: SettingsRow | undefined, planAllows: boolean): TWhiteLabelSettings {
  if (!row) {
    return {
      saved: false,
      companyName: '',
      companyLogo: null,
      ...whiteLabelDefaults,
      headerText: null,
      footerText: null,
      contactEmail: null,
      contactPhone: null,
      website: null,
      applied: false,
      updatedAt: null,
    };
  }
  return {
    saved: true,
    companyName: row.companyName,
    companyLogo: row.companyLogo,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    headerText: row.headerText,
    footerText: row.footerText,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    website: row.website,
    isActive: row.isActive,
    applied: row.isActive && planAllows,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's white label: what is saved, or SPEC's defaults when nothing is. */
export async function getWhiteLabelSettings(ctx: FeatureContext, { actor }: { actor: Actor }) {
  const ownerId = actor.workspaceOwnerId;
  const [row] = await ctx.db
    .select({ settings: whiteLabelSettings, planType: users.planType })
    .from(users)
    .leftJoin(whiteLabelSettings, eq(whiteLabelSettings.userId, users.id))
    .where(eq(users.id, ownerId));
  if (!row) throw new AppError('not_found', 'Account not found');
  return toSettingsDto(row.settings ?? undefined, plans[row.planType].allows.whiteLabel);
}

/** A logo must be an image this account uploaded (uploads are already capped and SVGs sanitised). */
async function assertLogoImage(ctx: FeatureContext, actor: Actor, logoUrl: string | null) {
  if (!logoUrl) return;
  const storageKey = logoStorageKeyOf(logoUrl) ?? '';
  const [file] = await ctx.db
    .select({ mimetype: uploadedFiles.mimetype, size: uploadedFiles.size })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.storageKey, storageKey), ownedBy(actor, uploadedFiles.userId)));
  if (!file) throw new AppError('validation', 'Upload the logo first');
  if (!file.mimetype.startsWith('image/')) throw new AppError('validation', logoNotImageMessage);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('validation', 'The logo exceeds 10MB limit');
}

/** Saves every white-label field at once (agency plans only); blank optional fields are cleared. */
export async function saveWhiteLabelSettings(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: z.output<typeof ZSaveWhiteLabelSettingsRequest> },
): Promise<TWhiteLabelSettings> {
  const ownerId = actor.workspaceOwnerId;
  await assertPlanAllows(ctx.db, ownerId, 'whiteLabel');
  const companyLogo = input.companyLogo ?? null;
  await assertLogoImage(ctx, actor, companyLogo);
  const values = {
    companyName: input.companyName,
    companyLogo,
    primaryColor: input.primaryColor,
    secondaryColor: input.secondaryColor,
    headerText: input.headerText ?? null,
    footerText: input.footerText ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    website: input.website ?? null,
    isActive: input.isActive,
  };
  const [saved] = await ctx.db
    .insert(whiteLabelSettings)
    .values({ userId: ownerId, ...values })
    .onConflictDoUpdate({ target: whiteLabelSettings.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toSettingsDto(saved, true);
}
