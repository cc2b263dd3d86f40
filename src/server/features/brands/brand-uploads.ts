import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, uploadedFiles, whiteLabelSettings } from '../../db/schema/index.ts';
import { logoStorageKeyOf } from '../white-label/branding.ts';

type BrandFiles = { logoUrl: string | null; assets: { url: string }[] };

/** The upload keys a brand's logo and assets point at. */
export function uploadKeysOfBrand(brand: BrandFiles): string[] {
  const urls = [brand.logoUrl, ...brand.assets.map((asset) => asset.url)];
  return [...new Set(urls.map(logoStorageKeyOf).filter((key): key is string => key !== null))];
}

/**
 * Run after the brand's row is deleted, in the same transaction: forgets the uploads no other
 * brand of the owner and no white label still shows, and returns their keys, for the caller to
 * remove from the file store once the transaction has committed.
 */
export async function forgetUnusedUploads(
  tx: Pick<Database, 'select' | 'delete'>,
  ownerId: string,
  keys: string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const stillShown = new Set<string>();
  const remaining = await tx
    .select({ logoUrl: brands.logoUrl, assets: brands.assets })
    .from(brands)
    .where(eq(brands.userId, ownerId));
  for (const brand of remaining) for (const key of uploadKeysOfBrand(brand)) stillShown.add(key);
  const labels = await tx
    .select({ companyLogo: whiteLabelSettings.companyLogo })
    .from(whiteLabelSettings)
    .where(eq(whiteLabelSettings.userId, ownerId));
  for (const label of labels) {
    const key = logoStorageKeyOf(label.companyLogo);
    if (key) stillShown.add(key);
  }
  const unused = keys.filter((key) => !stillShown.has(key));
  if (unused.length === 0) return [];
  const forgotten = await tx
    .delete(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, ownerId), inArray(uploadedFiles.storageKey, unused)))
    .returning({ storageKey: uploadedFiles.storageKey });
  return forgotten.map((file) => file.storageKey);
}
