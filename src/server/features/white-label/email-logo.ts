import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { whiteLabelSettings } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { uploadUrlFor } from '../uploads/store-upload.ts';
import { reportBrandingOf } from './branding.ts';

/**
 * The logo of a white label that applies now, as a PNG at most 600 by 160 pixels: what e-mails show
 * (mail clients draw few SVGs, and fetch images without signing in). Any other upload is a 404.
 */
export async function emailLogoPng(db: Database, uploads: UploadStorage, storageKey: string): Promise<Buffer> {
  const [settings] = await db
    .select({ userId: whiteLabelSettings.userId })
    .from(whiteLabelSettings)
    .where(eq(whiteLabelSettings.companyLogo, uploadUrlFor(storageKey)));
  const branding = settings ? await reportBrandingOf(db, settings.userId) : null;
  const content = branding ? await uploads.read(storageKey).catch(() => null) : null;
  if (!content) throw notFound('Logo not found');
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(content, { density: 300 })
      .resize({ width: 600, height: 160, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw notFound('Logo not found');
  }
}
