import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateBrandRequest, ZIdParams, ZUpdateBrandRequest } from '../../../shared/schemas/brands.ts';
import { brands } from '../../db/schema/index.ts';
import { getBrandOrThrow, ownedByParam, ownerParams } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { brandAccessOf, brandPosition, type KnownBrandAccessFacts } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { type BrandRow, changeableBrand, toBrandDto } from './brand-dto.ts';
import { createBrand } from './create-brand.ts';
import { deleteBrand, updateBrand } from './update-brand.ts';

export function registerBrandRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };
  // The brand list is behind most screens, so its query is prepared once. It reads every brand of
  // the actor's accounts, so each brand's position among its owner's brands (what the plan's brand
  // limit reads) comes with it, and the owners' plans come with the actor: one query in all.
  const listBrands = ctx.db
    .select({ brand: brands, position: brandPosition() })
    .from(brands)
    .where(ownedByParam(brands.userId))
    .orderBy(asc(brands.createdAt))
    .prepare('brands_of_owners');

  /** The brands with whether each can change now under its owner's plan. */
  async function withAccess(rows: BrandRow[], known: KnownBrandAccessFacts) {
    const access = await brandAccessOf(ctx.db, rows, known);
    return rows.map((row) => toBrandDto(row, access.get(row.id) ?? changeableBrand));
  }

  app.get('/api/brands', signedIn, async (request) => {
    const actor = actorOf(request);
    const rows = await listBrands.execute(ownerParams(actor));
    const positions = new Map(rows.map((row) => [row.brand.id, row.position]));
    return withAccess(
      rows.map((row) => row.brand),
      { owners: actor.owners, positions },
    );
  });

  app.post('/api/brands', { ...signedIn, schema: { body: ZCreateBrandRequest } }, async (request, reply) => {
    const brand = await createBrand(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(brand);
  });

  app.get('/api/brands/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) => {
    const actor = actorOf(request);
    const [brand] = await withAccess([await getBrandOrThrow(ctx.db, actor, request.params.id)], {
      owners: actor.owners,
    });
    return brand;
  });

  app.patch(
    '/api/brands/:id',
    { ...signedIn, schema: { params: ZIdParams, body: ZUpdateBrandRequest } },
    async (request) => updateBrand(ctx, { actor: actorOf(request), brandId: request.params.id, input: request.body }),
  );

  app.delete('/api/brands/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    await deleteBrand(ctx, { actor: actorOf(request), brandId: request.params.id });
    return reply.status(204).send();
  });
}
