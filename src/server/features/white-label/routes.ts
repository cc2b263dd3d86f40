import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSaveWhiteLabelSettingsRequest } from '../../../shared/schemas/white-label.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { emailLogoPng } from './email-logo.ts';
import { getWhiteLabelSettings, saveWhiteLabelSettings } from './white-label-settings.ts';

const ZLogoParams = z.object({ key: z.string().regex(/^[a-f0-9-]+\.[a-z0-9]+$/, 'Not found') });

export function registerWhiteLabelRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/white-label-settings', signedIn, async (request) =>
    getWhiteLabelSettings(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/api/white-label-settings',
    { ...signedIn, schema: { body: ZSaveWhiteLabelSettingsRequest } },
    async (request) => saveWhiteLabelSettings(ctx, { actor: actorOf(request), input: request.body }),
  );

  // Public: mail clients fetch the logo of a white-labelled e-mail without signing in.
  app.get(
    '/api/white-label-logos/:key',
    { config: { rateLimit: { max: 300, timeWindow: '1 minute' } }, schema: { params: ZLogoParams } },
    async (request, reply) => {
      const png = await emailLogoPng(ctx.db, ctx.uploads, request.params.key);
      return reply
        .header('Content-Type', 'image/png')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=3600')
        .send(png);
    },
  );
}
