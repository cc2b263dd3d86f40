import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSupportContact } from '../../../shared/schemas/support.ts';
import { actorOf } from '../../http/authenticate.ts';
import { AppError } from '../../http/errors.ts';

/** Enough for a real conversation with support; not enough to flood the inbox or the admins' mail. */
export const CONTACT_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

/**
 * The contact form's two limits, counted together on each accepted request: per signed-in account
 * and per reply-to address (so one address cannot be sent from many accounts either). A request
 * over either limit stores nothing and answers 429 with Retry-After.
 */
export function contactRateLimit(app: FastifyInstance) {
  const perAccount = app.createRateLimit({
    ...CONTACT_LIMIT,
    keyGenerator: (request) => `support-contact:account:${actorOf(request).user.id}`,
  });
  const perAddress = app.createRateLimit({
    ...CONTACT_LIMIT,
    // Runs after validation: the body is the parsed request, its address trimmed.
    keyGenerator: (request) => `support-contact:address:${(request.body as TSupportContact).email.toLowerCase()}`,
  });

  return async function limitContact(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Both are counted on every request, so neither limit can be dodged by staying under the other.
    const results = await Promise.all([perAccount(request), perAddress(request)]);
    const exceeded = results.filter((result) => !result.isAllowed && result.isExceeded);
    if (exceeded.length === 0) return;
    const retryAfter = Math.max(...exceeded.map((result) => (result.isAllowed ? 0 : result.ttlInSeconds)));
    reply.header('Retry-After', String(retryAfter));
    throw new AppError(
      'rate_limited',
      `Too many messages: please wait ${Math.ceil(retryAfter / 60)} minutes before sending another, or use live chat.`,
    );
  };
}
