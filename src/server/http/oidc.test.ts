import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OidcDouble, startOidcDouble } from '../../../tests/doubles/oidc-provider.ts';
import { createOidcSignIn, OidcSignInError } from './oidc.ts';

const REDIRECT_URI = 'http://127.0.0.1:5999/api/callback';
const CLIENT = { clientId: 'brandlens', clientSecret: 'brandlens-test-secret', redirectUris: [REDIRECT_URI] };
const ALICE = {
  sub: 'alice-1',
  email: 'alice@example.test',
  given_name: 'Alice',
  family_name: 'Archer',
  picture: 'https://images.example.test/alice.png',
};
const BOB = { sub: 'bob-2', email: 'bob@example.test', given_name: 'Bob', family_name: 'Baker' };
const NO_EMAIL = { sub: 'carol-3', given_name: 'Carol', family_name: 'Cole' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<OidcSignInError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OidcSignInError);
  return error as OidcSignInError;
}

describe('OIDC sign-in against a real provider on loopback', () => {
  let double: OidcDouble;

  beforeAll(async () => {
    double = await startOidcDouble({ clients: [CLIENT], accounts: [ALICE, BOB, NO_EMAIL] });
  });
  afterAll(async () => {
    await double.close();
  });
  afterEach(() => {
    double.setNextAccount(ALICE.sub);
  });

  const signIn = () =>
    createOidcSignIn(
      { issuerUrl: double.issuerUrl, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
      REDIRECT_URI,
    );

  it('runs the authorization-code flow with PKCE and returns the profile from the ID token', async () => {
    const oidc = signIn();
    const { url, checks } = await oidc.start();

    const authorization = new URL(url);
    expect(authorization.origin + authorization.pathname).toBe(`${double.issuerUrl}/auth`);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.has('prompt')).toBe(false);
    expect(new Set([checks.state, checks.nonce, checks.codeVerifier]).size).toBe(3);

    const callback = await double.authorize(url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(checks.state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    expect(await oidc.finish(callback, checks)).toEqual({
      subject: ALICE.sub,
      email: ALICE.email,
      emailVerified: true,
      firstName: 'Alice',
      lastName: 'Archer',
      profileImageUrl: ALICE.picture,
    });
  });

  it('signs in the account chosen with setNextAccount', async () => {
    const oidc = signIn();
    double.setNextAccount(BOB.sub);
    const { url, checks } = await oidc.start();
    const profile = await oidc.finish(await double.authorize(url), checks);
    expect(profile).toEqual({
      subject: BOB.sub,
      email: BOB.email,
      emailVerified: true,
      firstName: 'Bob',
      lastName: 'Baker',
      profileImageUrl: null,
    });
  });

  it.each(['login consent', 'select_account'])('passes prompt=%s through to the provider', async (prompt) => {
    const oidc = signIn();
    const { url, checks } = await oidc.start({ prompt });
    expect(new URL(url).searchParams.get('prompt')).toBe(prompt);
    const profile = await oidc.finish(await double.authorize(url), checks);
    expect(profile.subject).toBe(ALICE.sub);
  });

  it('rejects a callback whose state is not the one the sign-in started with', async () => {
    const oidc = signIn();
    const { url, checks } = await oidc.start();
    const callback = await double.authorize(url);

    const wrongState = await rejection(oidc.finish(callback, { ...checks, state: 'another-sign-in' }));
    expect(wrongState.code).toBe('state_mismatch');
    expect(wrongState.message).toMatch(/sign in again/i);

    const withoutState = new URL(callback);
    withoutState.searchParams.delete('state');
    expect((await rejection(oidc.finish(withoutState, checks))).code).toBe('state_mismatch');

    // The code was never redeemed, so the genuine callback still works.
    expect((await oidc.finish(callback, checks)).email).toBe(ALICE.email);
  });

  it('rejects a wrong PKCE verifier and a wrong nonce with readable messages', async () => {
    const oidc = signIn();
    const first = await oidc.start();
    const wrongVerifier = await rejection(
      oidc.finish(await double.authorize(first.url), { ...first.checks, codeVerifier: 'x'.repeat(43) }),
    );
    expect(wrongVerifier.code).toBe('token_exchange_failed');
    expect(wrongVerifier.message).toMatch(/rejected the sign-in code.*invalid_grant/);

    const second = await oidc.start();
    const wrongNonce = await rejection(
      oidc.finish(await double.authorize(second.url), { ...second.checks, nonce: 'another-nonce' }),
    );
    expect(wrongNonce.code).toBe('token_exchange_failed');
    expect(wrongNonce.message).toMatch(/nonce/);
  });

  it('uses a provider that requires PKCE', async () => {
    const { url } = await signIn().start();
    const withoutPkce = new URL(url);
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const callback = await double.authorize(withoutPkce);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/requires PKCE/);
  });

  it('reports an error returned by the provider on the callback', async () => {
    const oidc = signIn();
    const { checks } = await oidc.start();
    const callback = new URL(REDIRECT_URI);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
      state: checks.state,
      iss: double.issuerUrl,
    }).toString();
    const error = await rejection(oidc.finish(callback, checks));
    expect(error.code).toBe('authorization_denied');
    expect(error.message).toBe(
      'The identity provider did not sign you in: End-User aborted interaction (access_denied).',
    );
  });

  it('refuses a sign-in without an e-mail address', async () => {
    const oidc = signIn();
    double.setNextAccount(NO_EMAIL.sub);
    const { url, checks } = await oidc.start();
    const error = await rejection(oidc.finish(await double.authorize(url), checks));
    expect(error.code).toBe('missing_email');
    expect(error.message).toMatch(/^The identity provider did not share an e-mail address/);
  });

  it('works as a public client (no secret, token endpoint authentication none)', async () => {
    const publicDouble = await startOidcDouble({
      clients: [{ clientId: 'public-app', redirectUris: [REDIRECT_URI] }],
      accounts: [BOB],
    });
    try {
      const oidc = createOidcSignIn(
        { issuerUrl: publicDouble.issuerUrl, clientId: 'public-app', clientSecret: undefined },
        REDIRECT_URI,
      );
      const { url, checks } = await oidc.start();
      expect((await oidc.finish(await publicDouble.authorize(url), checks)).subject).toBe(BOB.sub);
    } finally {
      await publicDouble.close();
    }
  });
});

describe('OIDC sign-in with claims only at userinfo', () => {
  it('reads the e-mail address and names from the userinfo endpoint', async () => {
    const double = await startOidcDouble({ clients: [CLIENT], accounts: [ALICE], claimsInIdToken: false });
    try {
      const oidc = createOidcSignIn(
        { issuerUrl: double.issuerUrl, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
        REDIRECT_URI,
      );
      const { url, checks } = await oidc.start();
      expect(await oidc.finish(await double.authorize(url), checks)).toEqual({
        subject: ALICE.sub,
        email: ALICE.email,
        emailVerified: true,
        firstName: 'Alice',
        lastName: 'Archer',
        profileImageUrl: ALICE.picture,
      });
    } finally {
      await double.close();
    }
  });
});

describe('OIDC discovery', () => {
  it('gives a readable OidcSignInError when the issuer is unreachable', async () => {
    const issuerUrl = `http://127.0.0.1:${await freePort()}`;
    const oidc = createOidcSignIn({ issuerUrl, clientId: 'brandlens', clientSecret: 'secret' }, REDIRECT_URI);
    const error = await rejection(oidc.start());
    expect(error.code).toBe('discovery_failed');
    expect(error.message).toContain(`The identity provider at ${issuerUrl}/ could not be reached`);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('retries discovery after a failure, then keeps the discovered configuration', async () => {
    const port = await freePort();
    const oidc = createOidcSignIn(
      { issuerUrl: `http://127.0.0.1:${port}`, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
      REDIRECT_URI,
    );
    expect((await rejection(oidc.start())).code).toBe('discovery_failed');

    const double = await startOidcDouble({ clients: [CLIENT], accounts: [ALICE], port });
    try {
      const { url, checks } = await oidc.start();
      expect((await oidc.finish(await double.authorize(url), checks)).subject).toBe(ALICE.sub);
    } finally {
      await double.close();
    }
    // Discovered once and cached: building an authorization URL needs no request to the provider.
    const { url } = await oidc.start();
    expect(new URL(url).origin).toBe(`http://127.0.0.1:${port}`);
  });

  it('refuses a plain-http issuer that is not on the loopback address', async () => {
    const oidc = createOidcSignIn(
      { issuerUrl: 'http://idp.example.test', clientId: 'brandlens', clientSecret: 'secret' },
      REDIRECT_URI,
    );
    const error = await rejection(oidc.start());
    expect(error.code).toBe('insecure_issuer');
    expect(error.message).toMatch(/must use https/);
  });
});
