/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 for tests.
 *
 * Sign-in needs no HTML forms: the provider sends every authorization request to its interaction
 * route, which signs in the account chosen with setNextAccount (default: the first account), grants
 * the requested scopes and redirects back into the authorization endpoint, which then redirects to
 * the client's redirect_uri with a code. Following those redirects needs the provider's cookies
 * carried between requests inside the double; `authorize(url)` does exactly that with a fresh
 * cookie jar and returns the redirect_uri URL (code, state, iss) without requesting it.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no type declarations; the parts used here are typed below.
import { Provider as UntypedProvider, interactionPolicy as untypedInteractionPolicy } from 'oidc-provider';

export type OidcDoubleClient = {
  clientId: string;
  /** omit for a public client (token endpoint authentication `none`) */
  clientSecret?: string;
  redirectUris: string[];
  /** default client_secret_basic when there is a secret, none otherwise */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
};

export type OidcDoubleAccount = {
  sub: string;
  /** omit to test a provider that does not share an e-mail address */
  email?: string;
  /** default true */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export type OidcDoubleOptions = {
  clients: OidcDoubleClient[];
  accounts: OidcDoubleAccount[];
  /**
   * true (default): the email and profile claims are in the ID token as well as at userinfo.
   * false: the ID token carries only sub (and the protocol claims), as Google and most providers
   * do in the code flow, so a client must read the rest from the userinfo endpoint.
   */
  claimsInIdToken?: boolean;
  /** listen on this port instead of a free one chosen by the system */
  port?: number;
};

export type OidcDouble = {
  /** http://127.0.0.1:<port>, the issuer identifier (no trailing slash) */
  issuerUrl: string;
  /** the account the next sign-in completes as */
  setNextAccount(sub: string): void;
  /**
   * Follows an authorization URL through the double (GET, redirect: 'manual', cookies carried in a
   * jar of its own) until a redirect leaves the double, and returns that URL: the client's
   * redirect_uri with code, state and iss (or error and error_description). It does not request it.
   */
  authorize(authorizationUrl: string | URL): Promise<URL>;
  close(): Promise<void>;
};

// --- the parts of oidc-provider's API used here ---------------------------------------------

type KoaContext = {
  method: string;
  path: string;
  req: IncomingMessage;
  res: ServerResponse;
  status: number;
  type: string;
  body: unknown;
  redirect(url: string): void;
};
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
type AccountClaims = Record<string, unknown> & { sub: string };
type InteractionDetails = { uid: string; prompt: { name: string }; params: Record<string, string | undefined> };
type InteractionResult = {
  login: { accountId: string };
  consent: { grantId: string };
  select_account: Record<string, never>;
};
type Grant = {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
};
type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: KoaMiddleware): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionResult(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResult,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<string>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
};
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
type PromptConstructor = new (options: { name: string; requestable: boolean }) => unknown;
type InteractionPolicy = { base(): { add(prompt: unknown): void }; Prompt: PromptConstructor };

const Provider = UntypedProvider as ProviderConstructor;
const interactionPolicy = untypedInteractionPolicy as InteractionPolicy;

// ---------------------------------------------------------------------------------------------

type StoredPayload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

/** oidc-provider's storage interface over Maps owned by one double (the built-in one is process-wide). */
function memoryAdapter() {
  const entries = new Map<string, { payload: StoredPayload; expiresAt: number }>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  return class MemoryAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: StoredPayload, expiresIn?: number): Promise<void> {
      const key = this.key(id);
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
      if (payload.uid) byUid.set(payload.uid, id);
      if (payload.userCode) byUserCode.set(payload.userCode, id);
      if (payload.grantId) {
        const keys = byGrant.get(payload.grantId) ?? new Set();
        keys.add(key);
        byGrant.set(payload.grantId, keys);
      }
    }

    async find(id: string): Promise<StoredPayload | undefined> {
      const key = this.key(id);
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
      else return entry?.payload;
      return undefined;
    }

    async findByUid(uid: string): Promise<StoredPayload | undefined> {
      const id = byUid.get(uid);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode: string): Promise<StoredPayload | undefined> {
      const id = byUserCode.get(userCode);
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id: string): Promise<void> {
      const entry = entries.get(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    }
  };
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function accountClaims(account: OidcDoubleAccount): AccountClaims {
  const name = [account.given_name, account.family_name].filter(Boolean).join(' ');
  return {
    sub: account.sub,
    ...(account.email === undefined ? {} : { email: account.email, email_verified: account.email_verified ?? true }),
    ...(account.given_name === undefined ? {} : { given_name: account.given_name }),
    ...(account.family_name === undefined ? {} : { family_name: account.family_name }),
    ...(name ? { name } : {}),
    ...(account.picture === undefined ? {} : { picture: account.picture }),
  };
}

export async function startOidcDouble(options: OidcDoubleOptions): Promise<OidcDouble> {
  const firstAccount = options.accounts[0];
  if (!firstAccount) throw new Error('startOidcDouble needs at least one account');
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  let nextAccount = firstAccount.sub;

  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const issuerUrl = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const policy = interactionPolicy.base();
  // Google's prompt=select_account: accepted, and resolved by the same automatic interaction.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));

  const provider = new Provider(issuerUrl, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret }),
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method:
        client.tokenEndpointAuthMethod ?? (client.clientSecret === undefined ? 'none' : 'client_secret_basic'),
    })),
    adapter: memoryAdapter(),
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: randomUUID() }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => accountClaims(account) };
    },
    // Errors as JSON rather than an HTML page, so a failing test shows what went wrong.
    async renderError(ctx: KoaContext, out: Record<string, string>) {
      ctx.type = 'application/json';
      ctx.body = out;
    },
  });

  // The interaction route: no form, the chosen account signs in and grants what was asked.
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const { client_id: clientId, scope = 'openid', claims } = details.params;
    if (!clientId) throw new Error('interaction without a client_id');
    const grant = new provider.Grant({ accountId: nextAccount, clientId });
    grant.addOIDCScope(scope);
    if (claims) {
      const requested = JSON.parse(claims) as { id_token?: object; userinfo?: object };
      grant.addOIDCClaims([...Object.keys(requested.id_token ?? {}), ...Object.keys(requested.userinfo ?? {})]);
    }
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: nextAccount }, consent: { grantId }, select_account: {} },
      { mergeWithLastSubmission: false },
    );
    ctx.redirect(returnTo);
    ctx.status = 303;
  });

  server.on('request', provider.callback());

  return {
    issuerUrl,
    setNextAccount(sub) {
      if (!accounts.has(sub)) throw new Error(`The OIDC double has no account ${sub}`);
      nextAccount = sub;
    },
    authorize: (authorizationUrl) => followWithinDouble(new URL(authorizationUrl), new URL(issuerUrl).origin),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function followWithinDouble(start: URL, origin: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== origin) return url;
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      const body = await response.text();
      throw new Error(`The OIDC double answered ${url.pathname} with HTTP ${response.status}: ${body.slice(0, 500)}`);
    }
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('The OIDC double redirected too many times');
}
