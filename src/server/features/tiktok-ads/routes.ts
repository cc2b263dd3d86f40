import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  type TTikTokSource,
  tiktokAdminHint,
  tiktokCoverageMessage,
  tiktokNotAvailableMessage,
  ZChooseTikTokAdvertiserRequest,
  ZTikTokAdvertiserQuery,
  ZTikTokDiscoveryTaskParams,
} from '../../../shared/schemas/tiktok-ads.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { chooseTikTokAdvertiser } from './choose-tiktok-advertiser.ts';
import { findTikTokAdvertisers } from './find-tiktok-advertisers.ts';
import { startTikTokDiscovery } from './start-tiktok-discovery.ts';
import { getTikTokDiscoveryTaskOrThrow, toTikTokDiscoveryTask } from './tiktok-discovery-task.ts';

/** Each call spends TikTok's daily quota: limited per client besides the quota itself. */
const outboundWork = { rateLimit: { max: 20, timeWindow: '1 minute' } };

export function registerTikTokAdsRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  /** Whether TikTok discovery is available here, and what TikTok's library covers. */
  app.get('/api/tiktok-ads/source', signedIn, async (request): Promise<TTikTokSource> => {
    const configured = Boolean(ctx.config.services.tiktok.credentials);
    return {
      configured,
      coverage: tiktokCoverageMessage,
      notConfiguredMessage: configured ? null : tiktokNotAvailableMessage,
      // The server's configuration is the administrators' business only.
      adminHint: !configured && actorOf(request).isAdmin ? tiktokAdminHint : null,
    };
  });

  app.get(
    '/api/competitors/:id/tiktok-advertisers',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams, querystring: ZTikTokAdvertiserQuery } },
    async (request) =>
      findTikTokAdvertisers(ctx, {
        actor: actorOf(request),
        input: { competitorId: request.params.id, searchTerm: request.query.q },
      }),
  );

  app.put(
    '/api/competitors/:id/tiktok-advertiser',
    { ...signedIn, schema: { params: ZIdParams, body: ZChooseTikTokAdvertiserRequest } },
    async (request) =>
      chooseTikTokAdvertiser(ctx, { actor: actorOf(request), competitorId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/competitors/:id/discover-tiktok-ads',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams } },
    async (request, reply) => {
      const task = await startTikTokDiscovery(ctx, {
        actor: actorOf(request),
        input: { competitorId: request.params.id },
      });
      return reply.status(202).send(task);
    },
  );

  app.get(
    '/api/tiktok-discovery/:taskId',
    { ...signedIn, schema: { params: ZTikTokDiscoveryTaskParams } },
    async (request) =>
      toTikTokDiscoveryTask(await getTikTokDiscoveryTaskOrThrow(ctx.db, actorOf(request), request.params.taskId)),
  );
}
