/**
 * OpenID Connect sign-in (authorization-code flow with PKCE) for the hosting-platform provider
 * ("Continue with Replit") and Google, on openid-client 6.
 *
 * start() returns the authorization URL and the checks (state, nonce, PKCE verifier) that the
 * caller keeps in the session; finish() takes the callback URL and those checks, exchanges the
 * code, validates the response and the ID token and returns the user's profile. Every failure is
 * an OidcSignInError whose message can be shown to the user.
 */
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../config.ts';

export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

export type OidcProfile = {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export type OidcSignIn = {
  /** builds the authorization URL (code flow, PKCE S256, scope 'openid email profile', plus the provider's extra params) and the checks to keep in the session */
  start(options?: { prompt?: string }): Promise<{ url: string; checks: OidcChecks }>;
  /** exchanges the code on the callback URL, validates state/nonce/PKCE and the ID token, and returns the profile from the ID token claims (falling back to userinfo for missing email/name) */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcProfile>;
};

export type OidcSignInOptions = {
  /** extra authorization request parameters for this provider, e.g. { access_type: 'online' } */
  authorizationParams?: Record<string, string>;
  /** timeout for each request to the provider, in seconds (default 10) */
  timeoutSeconds?: number;
};

export type OidcSignInErrorCode =
  /** the issuer URL is plain http on a host other than this machine's loopback address */
  | 'insecure_issuer'
  /** the provider could not be reached, or its discovery document is missing or invalid */
  | 'discovery_failed'
  /** the callback's state is missing or is not the one this sign-in started with */
  | 'state_mismatch'
  /** the provider answered the authorization request with an error (e.g. access_denied) */
  | 'authorization_denied'
  /** the token request failed or its response (ID token included) did not validate */
  | 'token_exchange_failed'
  /** the provider did not share an e-mail address */
  | 'missing_email';

export class OidcSignInError extends Error {
  override readonly name = 'OidcSignInError';
  readonly code: OidcSignInErrorCode;

  constructor(code: OidcSignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function createOidcSignIn(
  provider: OidcProviderConfig,
  redirectUri: string,
  options: OidcSignInOptions = {},
): OidcSignIn {
  const issuer = new URL(provider.issuerUrl);
  const timeout = options.timeoutSeconds ?? 10;
  let configuration: Promise<client.Configuration> | undefined;

  /** Discovery runs once, on first use; a failure is forgotten so that the next request retries. */
  function getConfiguration(): Promise<client.Configuration> {
    if (!configuration) {
      const pending = discover(issuer, provider, timeout);
      pending.catch(() => {
        if (configuration === pending) configuration = undefined;
      });
      configuration = pending;
    }
    return configuration;
  }

  return {
    async start(startOptions = {}) {
      const config = await getConfiguration();
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const parameters: Record<string, string> = {
        ...options.authorizationParams,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (startOptions.prompt) parameters.prompt = startOptions.prompt;
      return { url: client.buildAuthorizationUrl(config, parameters).href, checks };
    },

    async finish(callbackUrl, checks) {
      const config = await getConfiguration();
      const returnedState = callbackUrl.searchParams.get('state');
      if (returnedState === null || returnedState !== checks.state) {
        throw new OidcSignInError(
          'state_mismatch',
          'This sign-in response does not belong to the sign-in started in this browser. Please sign in again.',
        );
      }
      // The redirect URI sent to the token endpoint must be the registered one, whatever host or
      // scheme the callback request arrived on (a proxy in front of the app may change both).
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackUrl.search;

      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw callbackError(error);
      }
      const claims = tokens.claims();
      if (!claims) {
        throw new OidcSignInError('token_exchange_failed', 'The identity provider did not return an ID token.');
      }

      let merged: Record<string, unknown> = { ...claims };
      const needsUserInfo =
        !stringClaim(claims, 'email') ||
        (!stringClaim(claims, 'given_name') && !stringClaim(claims, 'family_name') && !stringClaim(claims, 'name'));
      if (needsUserInfo && config.serverMetadata().userinfo_endpoint) {
        try {
          const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          merged = { ...userInfo, ...withoutEmpty(claims) };
        } catch (error) {
          // The profile is complete enough without the names; only a missing e-mail is fatal.
          if (!stringClaim(claims, 'email')) {
            throw new OidcSignInError(
              'missing_email',
              `The identity provider did not share an e-mail address (its userinfo endpoint failed: ${describe(error)}).`,
              { cause: error },
            );
          }
        }
      }
      return toProfile(claims.sub, merged);
    },
  };
}

async function discover(issuer: URL, provider: OidcProviderConfig, timeout: number): Promise<client.Configuration> {
  const insecure = issuer.protocol === 'http:';
  if (insecure && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new OidcSignInError(
      'insecure_issuer',
      `The identity provider's issuer URL ${issuer.href} must use https (plain http is allowed only on 127.0.0.1, localhost or ::1).`,
    );
  }
  let discovered: client.Configuration;
  try {
    discovered = await client.discovery(issuer, provider.clientId, undefined, undefined, {
      timeout,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new OidcSignInError(
      'discovery_failed',
      `The identity provider at ${issuer.href} could not be reached or did not answer as expected (${describe(error)}). Please try again later.`,
      { cause: error },
    );
  }
  const server = discovered.serverMetadata();
  const config = new client.Configuration(
    server,
    provider.clientId,
    provider.clientSecret === undefined ? {} : { client_secret: provider.clientSecret },
    clientAuthentication(server, provider.clientSecret),
  );
  config.timeout = timeout;
  if (insecure) client.allowInsecureRequests(config);
  return config;
}

/** client_secret_basic (the OAuth default) unless the provider accepts only client_secret_post. */
function clientAuthentication(server: client.ServerMetadata, clientSecret: string | undefined): client.ClientAuth {
  if (clientSecret === undefined) return client.None();
  const supported = server.token_endpoint_auth_methods_supported;
  if (supported && !supported.includes('client_secret_basic') && supported.includes('client_secret_post')) {
    return client.ClientSecretPost(clientSecret);
  }
  return client.ClientSecretBasic(clientSecret);
}

function callbackError(error: unknown): OidcSignInError {
  if (error instanceof OidcSignInError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    const reason = error.error_description ? `${error.error_description} (${error.error})` : error.error;
    return new OidcSignInError('authorization_denied', `The identity provider did not sign you in: ${reason}.`, {
      cause: error,
    });
  }
  if (error instanceof client.ResponseBodyError) {
    const reason = error.error_description ? `${error.error_description} (${error.error})` : error.error;
    return new OidcSignInError(
      'token_exchange_failed',
      `The identity provider rejected the sign-in code: ${reason}. Please sign in again.`,
      { cause: error },
    );
  }
  return new OidcSignInError(
    'token_exchange_failed',
    `Signing in with the identity provider failed: ${describe(error)}. Please sign in again.`,
    { cause: error },
  );
}

/** The most specific readable message in an error and its causes. */
function describe(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    messages.push(current.message);
    current = current.cause;
  }
  const generic = new Set(['fetch failed', 'something went wrong', 'invalid response encountered']);
  const specific = messages.filter((message) => message && !generic.has(message));
  // openid-client wraps the precise message (e.g. 'unexpected ID Token "nonce" claim value') in a
  // generic one; the network layer puts the precise one (e.g. 'connect ECONNREFUSED') last.
  return specific.at(-1) ?? messages[0] ?? String(error);
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function withoutEmpty(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(claims).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

function toProfile(subject: string, claims: Record<string, unknown>): OidcProfile {
  const email = stringClaim(claims, 'email');
  if (!email) {
    throw new OidcSignInError(
      'missing_email',
      'The identity provider did not share an e-mail address. Allow access to your e-mail address and sign in again.',
    );
  }
  let firstName = stringClaim(claims, 'given_name');
  let lastName = stringClaim(claims, 'family_name');
  const name = stringClaim(claims, 'name');
  if (!firstName && !lastName && name) {
    const [first = '', ...rest] = name.split(/\s+/);
    firstName = first || null;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  const picture = stringClaim(claims, 'picture');
  return {
    subject,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName,
    lastName,
    profileImageUrl: picture && /^https?:\/\//i.test(picture) ? picture : null,
  };
}
