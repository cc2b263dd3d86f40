import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAddTeamMemberRequest, ZTeamMemberParams } from '../../../shared/schemas/team.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { addTeamMember } from './add-team-member.ts';
import { listTeamMembers } from './list-team-members.ts';
import { removeTeamMember } from './remove-team-member.ts';
import { teamMembership } from './team-membership.ts';

export function registerTeamRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/team-members', signedIn, async (request) => listTeamMembers(ctx, { actor: actorOf(request) }));

  app.post('/api/team-members', { ...signedIn, schema: { body: ZAddTeamMemberRequest } }, async (request, reply) => {
    const member = await addTeamMember(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(member);
  });

  app.delete(
    '/api/team-members/:memberEmail',
    { ...signedIn, schema: { params: ZTeamMemberParams } },
    async (request) => removeTeamMember(ctx, { actor: actorOf(request), memberEmail: request.params.memberEmail }),
  );

  app.get('/api/team-membership', signedIn, async (request) => teamMembership(ctx, { actor: actorOf(request) }));
}
