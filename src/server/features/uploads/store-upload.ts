import { randomUUID } from 'node:crypto';
import type { TUploadedFile } from '../../../shared/schemas/brands.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../../shared/schemas/text.ts';
import { uploadedFiles } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { sniffFileType } from './sniff-file-type.ts';

export const uploadUrlFor = (storageKey: string) => `/api/uploads/${storageKey}`;

/** Keeps an uploaded image or PDF, judged by its content; the name the browser sent is only shown. */
export async function storeUpload(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { content: Buffer; originalName: string } },
): Promise<TUploadedFile> {
  if (hasControlCharacters(input.originalName)) {
    throw new AppError('validation', controlCharactersMessage('The file name'));
  }
  const originalName = input.originalName.slice(0, 255) || 'upload';
  const type = sniffFileType(input.content);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      `${originalName} is not an image or PDF. Accepted: PNG, JPEG, GIF, WebP, SVG, PDF.`,
    );
  }
  let content = input.content;
  if (type.mimetype === 'image/svg+xml') {
    // What is kept is the rebuilt drawing, never the bytes as sent.
    // cheerio comes with the sanitiser: loaded at the first SVG upload, not when the server starts.
    const { sanitiseSvg } = await import('./sanitise-svg.ts');
    const sanitised = sanitiseSvg(content);
    if (!sanitised.ok)
      throw new AppError('unsupported_media_type', `${originalName} was refused: ${sanitised.reason}.`);
    content = sanitised.content;
  }
  const storageKey = `${randomUUID()}.${type.extension}`;
  await ctx.uploads.write(storageKey, content, type.mimetype);
  await ctx.db.insert(uploadedFiles).values({
    userId: actor.workspaceOwnerId,
    storageKey,
    originalName,
    size: content.length,
    mimetype: type.mimetype,
  });
  return { url: uploadUrlFor(storageKey), originalName, size: content.length, mimetype: type.mimetype };
}
