import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_OUT_OK_HEADER } from '../../shared/auth-headers.ts';
import { type PlanKey, plans } from '../../shared/plans.ts';
import {
  type TAuthProviders,
  type TCurrentUser,
  ZDevSwitchQuery,
  ZGoogleLoginQuery,
  ZLoginQuery,
} from '../../shared/schemas/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { userIdentities, users } from '../db/schema/index.ts';
import { workspacePlanOf } from '../features/billing/plan-limits.ts';
import { markEmailVerified } from '../features/users/mark-email-verified.ts';
import { upsertUserByEmail } from '../features/users/upsert-user-by-email.ts';
import type { Actor } from './access.ts';
import type { Authenticator } from './authenticate.ts';
import { AppError, unauthorized } from './errors.ts';
import type { OidcProfile, OidcSignIn } from './oidc.ts';
import type { SessionStore } from './session.ts';
import { signOutPageHtml } from './sign-out-page.ts';

export type SignInProviders = { replit?: OidcSignIn; google?: OidcSignIn };
type ProviderName = keyof SignInProviders;

export const DEMO_USER_EMAIL = 'demo@brandlens.local';
const signInRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Where a newly signed-in user lands: the subscribe screen when they picked a paid plan. */
export function landingPathFor(plan: PlanKey | undefined): string {
  return plan && plan !== 'free' ? `/subscribe?plan=${plan}` : '/';
}

/** The signed-in user as the client sees them, with the plan and allowance of their workspace. */
export async function toCurrentUser(db: Database, actor: Actor): Promise<TCurrentUser> {
  const { user } = actor;
  const workspace = await workspacePlanOf(db, actor.workspaceOwnerId === user.id ? user : actor.workspaceOwnerId);
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    planType: user.planType,
    // The brand allowance of the workspace: a team member adds brands to the agency's account.
    maxBrands: workspace.maxBrands,
    starterPurchaseDate: user.starterPurchaseDate?.toISOString() ?? null,
    starterUsageCount: user.starterUsageCount,
    isAdmin: actor.isAdmin,
    agencyOwnerId: actor.workspaceOwnerId === user.id ? null : actor.workspaceOwnerId,
    workspacePlanType: workspace.planType,
    workspaceFeatures: { ...plans[workspace.planType].allows },
    auditsRemaining: workspace.auditsRemaining,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * The account for a provider identity: the one this identity signed in to before, else the account
 * with the same e-mail, but only when the provider has verified that e-mail; an unverified address
 * must never open somebody else's account. Null when neither applies.
 */
async function userForIdentity(db: Database, provider: ProviderName, profile: OidcProfile) {
  const [known] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)));
  if (known) return known.user;
  if (!profile.emailVerified) return null;
  const user = await upsertUserByEmail(db, profile);
  await db.insert(userIdentities).values({ userId: user.id, provider, subject: profile.subject }).onConflictDoNothing();
  return user;
}

/** The sign-in methods this server offers (GET /api/auth/providers, and written into the sign-in page). */
export function offeredSignInMethods(providers: SignInProviders, config: Config): TAuthProviders {
  return { replit: Boolean(providers.replit), google: Boolean(providers.google), devSignIn: !config.isProduction };
}

export function registerSignInRoutes(
  parent: FastifyInstance,
  deps: { db: Database; config: Config; sessions: SessionStore; auth: Authenticator; providers: SignInProviders },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, config, sessions, auth, providers } = deps;
  const devSignIn = !config.isProduction;

  app.get('/api/auth/providers', async () => offeredSignInMethods(providers, config));

  app.get('/api/auth/user', async (request, reply) => {
    const actor = await auth.findActor(request, reply);
    if (actor) return toCurrentUser(db, actor);
    // The browser's own read asks for a quiet answer when signed out; other clients get the 401.
    if (request.headers[SIGNED_OUT_OK_HEADER] === 'true') return reply.status(204).send();
    throw unauthorized();
  });

  async function startProviderSignIn(
    name: ProviderName,
    plan: PlanKey | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const provider = providers[name];
    if (!provider) {
      // Zero-config development: the sign-in page offers the development sign-in instead.
      if (devSignIn) return reply.redirect(plan ? `/signin?plan=${plan}` : '/signin');
      throw new AppError('not_found', `${name === 'google' ? 'Google' : 'Replit'} sign-in is not configured`);
    }
    let started: Awaited<ReturnType<OidcSignIn['start']>>;
    try {
      started = await provider.start({ prompt: name === 'google' ? 'select_account' : 'login consent' });
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'sign-in could not start');
      const message = error instanceof Error ? error.message : 'Sign-in is unavailable right now';
      return reply.redirect(`/signin?error=${encodeURIComponent(message)}`);
    }
    const { url, checks } = started;
    await sessions.save(request, reply, { oidc: { provider: name, ...checks, plan } });
    return reply.redirect(url);
  }

  async function finishProviderSignIn(name: ProviderName, request: FastifyRequest, reply: FastifyReply) {
    const provider = providers[name];
    if (!provider) throw new AppError('not_found', 'Sign-in provider is not configured');
    const session = await sessions.load(request, reply);
    const pending = session?.data.oidc;
    if (!pending || pending.provider !== name) {
      return reply.redirect(`/signin?error=${encodeURIComponent('Your sign-in expired. Please try again.')}`);
    }
    const callbackUrl = new URL(request.url, config.publicUrl);
    let profile: Awaited<ReturnType<OidcSignIn['finish']>>;
    try {
      profile = await provider.finish(callbackUrl, pending);
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'sign-in failed');
      const message = error instanceof Error ? error.message : 'Sign-in failed';
      return reply.redirect(`/signin?error=${encodeURIComponent(message)}`);
    }
    const found = await userForIdentity(db, name, profile);
    const user = found && (await markEmailVerified(db, found, profile));
    if (!user) {
      const message = 'Your e-mail address is not verified with this provider. Verify it there, then sign in again.';
      return reply.redirect(`/signin?error=${encodeURIComponent(message)}`);
    }
    await sessions.signIn(request, reply, { userId: user.id });
    return reply.redirect(landingPathFor(pending.plan as PlanKey | undefined));
  }

  app.get('/api/login', { config: signInRateLimit, schema: { querystring: ZLoginQuery } }, async (request, reply) =>
    startProviderSignIn('replit', request.query.plan, request, reply),
  );
  app.get('/api/callback', { config: signInRateLimit }, async (request, reply) =>
    finishProviderSignIn('replit', request, reply),
  );
  app.get(
    '/api/auth/google',
    { config: signInRateLimit, schema: { querystring: ZGoogleLoginQuery } },
    async (request, reply) => startProviderSignIn('google', request.query.state, request, reply),
  );
  app.get('/api/auth/google/callback', { config: signInRateLimit }, async (request, reply) =>
    finishProviderSignIn('google', request, reply),
  );

  // Signing out changes state, so it is a form post, guarded against other sites like every post.
  app.post('/api/logout', { config: { bodyType: 'form' } }, async (request, reply) => {
    await sessions.destroy(request, reply);
    return reply.redirect('/', 303);
  });
  app.get('/api/logout', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').type('text/html').send(signOutPageHtml),
  );

  app.get(
    '/api/dev-switch',
    { config: signInRateLimit, schema: { querystring: ZDevSwitchQuery } },
    async (request, reply) => {
      // Development sign-in never exists in production: the route answers as if it were not there.
      if (!devSignIn) throw new AppError('not_found', 'Not found: GET /api/dev-switch');
      const email = request.query.email || DEMO_USER_EMAIL;
      const user = await upsertUserByEmail(db, email === DEMO_USER_EMAIL ? { email, firstName: 'Demo' } : { email });
      await sessions.signIn(request, reply, { userId: user.id });
      return reply.redirect(landingPathFor(request.query.plan));
    },
  );
}
