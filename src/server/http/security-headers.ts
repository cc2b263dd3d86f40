import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of any response, not helmet's: they are left to each reply. */
const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers, worked out once. @fastify/helmet builds helmet's whole middleware
 * again on every request (parsing the Content-Security-Policy directives among others); with fixed
 * options its headers are the same every time, so helmet itself computes them once, at start, and
 * one hook sets them on every reply.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !NOT_SECURITY_HEADERS.has(name.toLowerCase())),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
