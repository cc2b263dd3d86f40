import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  metaUnavailableMessage,
  noAdSourceAdminHint,
  type TActiveAdDiscovery,
  type TAdSources,
  ZAdDiscoveryTaskParams,
} from '../../../shared/schemas/ad-discovery.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { adPlatforms, connectedAdPlatforms } from '../../../shared/schemas/competitors.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { activeAdDiscoveryOf, getAdDiscoveryTaskOrThrow, toAdDiscoveryTask } from './ad-discovery-task.ts';
import { adMarketCoverageOf } from './ad-market-coverage.ts';
import { findFacebookPages } from './find-facebook-pages.ts';
import { startBrandAdDiscovery, startCompetitorAdDiscovery } from './start-ad-discovery.ts';

/** Each discovery calls Meta's API many times: limited per client besides one at a time per user. */
const outboundWork = { rateLimit: { max: 20, timeWindow: '1 minute' } };

export function registerAdDiscoveryRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.post(
    '/api/competitors/:id/discover-ads',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams } },
    async (request, reply) => {
      const task = await startCompetitorAdDiscovery(ctx, {
        actor: actorOf(request),
        input: { competitorId: request.params.id },
      });
      return reply.status(202).send(task);
    },
  );

  /** The pages advertising under the competitor's name, to choose its own from. */
  app.get(
    '/api/competitors/:id/facebook-pages',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams } },
    async (request) => findFacebookPages(ctx, { actor: actorOf(request), input: { competitorId: request.params.id } }),
  );

  app.post(
    '/api/brands/:id/discover-all-ads',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams } },
    async (request, reply) => {
      const task = await startBrandAdDiscovery(ctx, { actor: actorOf(request), input: { brandId: request.params.id } });
      return reply.status(202).send(task);
    },
  );

  /** What Meta's API returns in each of the brand's ad markets, said before any discovery. */
  app.get('/api/brands/:id/ad-market-coverage', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    adMarketCoverageOf(ctx, { actor: actorOf(request), input: { brandId: request.params.id } }),
  );

  /** Which platforms discovery reads, so the screen can say what is automatic and what is manual. */
  app.get('/api/ad-discovery/sources', signedIn, async (request): Promise<TAdSources> => {
    const metaConfigured = Boolean(ctx.config.metaAdLibrary.token);
    const tiktokConfigured = Boolean(ctx.config.services.tiktok.credentials);
    const connected = connectedAdPlatforms.filter((platform) =>
      platform === 'tiktok' ? tiktokConfigured : metaConfigured,
    );
    return {
      metaConfigured,
      connectedPlatforms: connected,
      manualPlatforms: adPlatforms.filter((platform) => !connected.includes(platform)),
      notConfiguredMessage: metaConfigured ? null : metaUnavailableMessage(tiktokConfigured),
      // The server's configuration is the administrators' business only.
      adminHint: !metaConfigured && actorOf(request).isAdmin ? noAdSourceAdminHint : null,
    };
  });

  /** The user's own ad discovery still queued or running, if any. */
  app.get('/api/ad-discovery/active', signedIn, async (request): Promise<TActiveAdDiscovery> => {
    const task = await activeAdDiscoveryOf(ctx.db, actorOf(request));
    return { task: task ? toAdDiscoveryTask(task) : null };
  });

  app.get('/api/ad-discovery/:taskId', { ...signedIn, schema: { params: ZAdDiscoveryTaskParams } }, async (request) =>
    toAdDiscoveryTask(await getAdDiscoveryTaskOrThrow(ctx.db, actorOf(request), request.params.taskId)),
  );
}
