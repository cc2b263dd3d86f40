import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, uploadTooLargeMessage } from '../../../shared/schemas/brands.ts';
import { uploadedFiles } from '../../db/schema/index.ts';
import { ownedBy } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { storeUpload } from './store-upload.ts';

const ZUploadParams = z.object({ key: z.string().regex(/^[a-f0-9-]+\.[a-z0-9]+$/, 'Not found') });

const notMultipartFile = () =>
  new AppError('validation', "Send the file as multipart/form-data in a part named 'file'");

export function registerUploadRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post('/api/upload', { preHandler: ctx.auth.requireActor, config: { bodyType: 'multipart' } }, async (request) => {
    if (!request.isMultipart()) throw notMultipartFile();
    let fileName = 'The file';
    let content: Buffer;
    try {
      // The parser stops one byte past the limit, so an oversized file always arrives longer
      // than the limit; a file cut off exactly at the limit would otherwise pass as whole.
      const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } });
      if (part?.fieldname !== 'file') throw notMultipartFile();
      fileName = part.filename;
      content = await part.toBuffer();
      if (part.file.truncated || content.length > MAX_UPLOAD_BYTES) {
        throw new AppError('payload_too_large', uploadTooLargeMessage(fileName));
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', uploadTooLargeMessage(fileName));
      }
      // A truncated or malformed multipart body is the sender's mistake, not the server's.
      request.log.info({ err: error }, 'unreadable upload');
      throw new AppError('validation', 'The upload could not be read. Please try again.');
    }
    return storeUpload(ctx, { actor: actorOf(request), input: { content, originalName: fileName } });
  });

  app.get(
    '/api/uploads/:key',
    { preHandler: ctx.auth.requireActor, schema: { params: ZUploadParams } },
    async (request, reply) => {
      const actor = actorOf(request);
      const [file] = await ctx.db
        .select()
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.storageKey, request.params.key), ownedBy(actor, uploadedFiles.userId)));
      if (!file) throw notFound('File not found');
      // Opened before any header is set, so a file missing from the store answers a plain JSON 404.
      const content = await ctx.uploads.stream(file.storageKey).catch(() => null);
      if (!content) throw notFound('File not found');
      return (
        reply
          .header('Content-Type', file.mimetype)
          .header('X-Content-Type-Options', 'nosniff')
          // Opened on its own, an uploaded file can run nothing.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('Content-Disposition', `inline; filename="${encodeURIComponent(file.originalName)}"`)
          .header('Cache-Control', 'private, max-age=3600')
          .send(content)
      );
    },
  );
}
