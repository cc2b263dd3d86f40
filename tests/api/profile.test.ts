import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInProvidersFrom } from '../../src/server/app.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { emailInUseMessage } from '../../src/shared/schemas/profile.ts';
import { type OidcDouble, startOidcDouble } from '../doubles/oidc-provider.ts';
import { createTestApp, sessionCookieFrom, type TestApp, testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const PUBLIC_URL = 'http://localhost:5000';
let target: TestApp;
let oidc: OidcDouble;

beforeAll(async () => {
  oidc = await startOidcDouble({
    clients: [{ clientId: 'brandlens', clientSecret: 'replit-secret', redirectUris: [`${PUBLIC_URL}/api/callback`] }],
    accounts: [{ sub: 'replit-verified', email: 'Verified@Example.com', given_name: 'Vera', family_name: 'Fied' }],
  });
  const env = {
    PUBLIC_URL,
    OIDC_ISSUER_URL: oidc.issuerUrl,
    OIDC_CLIENT_ID: 'brandlens',
    OIDC_CLIENT_SECRET: 'replit-secret',
  };
  target = await createTestApp({
    database: await createTestDatabase(),
    env,
    signInProviders: signInProvidersFrom(testConfig(env)),
  });
});

afterAll(async () => {
  await target?.close();
  await target?.database.close();
  await oidc?.close();
});

const patchProfile = (cookie: string | null, payload: unknown) =>
  target.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const currentUser = (cookie: string) =>
  target.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }).then((reply) => reply.json());

async function userRow(email: string) {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('PATCH /api/profile', () => {
  it('saves trimmed names and the e-mail, and the current user reads them back', async () => {
    const cookie = await target.signInAs('ada@example.com');
    const reply = await patchProfile(cookie, {
      firstName: '  Ada ',
      lastName: ' Lovelace  ',
      email: ' Ada@Example.com ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      emailVerified: false,
    });
    expect(await currentUser(cookie)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('clears a name left empty', async () => {
    const cookie = await target.signInAs('blank@example.com');
    await patchProfile(cookie, { firstName: 'Some', lastName: 'One', email: 'blank@example.com' });
    const reply = await patchProfile(cookie, { firstName: '   ', lastName: '', email: 'blank@example.com' });
    expect(reply.statusCode).toBe(200);
    expect(await userRow('blank@example.com')).toMatchObject({ firstName: null, lastName: null });
  });

  it('moves the account to a new e-mail: sign-in then finds it there, and the old address is free', async () => {
    const cookie = await target.signInAs('mover@example.com');
    const before = await userRow('mover@example.com');
    const reply = await patchProfile(cookie, { firstName: 'Mo', lastName: 'Ver', email: 'moved@example.com' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await userRow('mover@example.com')).toBeUndefined();
    expect((await userRow('moved@example.com'))?.id).toBe(before?.id);
    // The same session goes on working as the same account.
    expect((await currentUser(cookie)).id).toBe(before?.id);
  });

  it('refuses an e-mail another account uses, whatever its case, with a clear 409 and no change', async () => {
    await target.signInAs('taken@example.com');
    const cookie = await target.signInAs('wants-it@example.com');
    const reply = await patchProfile(cookie, { firstName: 'Want', lastName: 'It', email: 'TAKEN@example.com' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: emailInUseMessage, code: 'conflict' });
    expect(await userRow('wants-it@example.com')).toMatchObject({ firstName: null, lastName: null });
    expect(await userRow('taken@example.com')).toBeDefined();
  });

  it('keeps the Verified badge while the e-mail stays, and drops it when the e-mail changes', async () => {
    const cookie = await target.signInAs('badge@example.com');
    await target.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'badge@example.com'));
    const same = await patchProfile(cookie, { firstName: 'Bea', lastName: 'Dge', email: 'Badge@example.com' });
    expect(same.json().emailVerified).toBe(true);
    expect((await currentUser(cookie)).emailVerified).toBe(true);
    const changed = await patchProfile(cookie, { firstName: 'Bea', lastName: 'Dge', email: 'badge-new@example.com' });
    expect(changed.json().emailVerified).toBe(false);
    expect((await currentUser(cookie)).emailVerified).toBe(false);
  });

  it('stores HTML as the text it is', async () => {
    const cookie = await target.signInAs('markup@example.com');
    const reply = await patchProfile(cookie, {
      firstName: '<b>Bold</b>',
      lastName: '<script>x</script>',
      email: 'markup@example.com',
    });
    expect(reply.statusCode).toBe(200);
    expect(await userRow('markup@example.com')).toMatchObject({
      firstName: '<b>Bold</b>',
      lastName: '<script>x</script>',
    });
  });

  it('refuses bad input with a 400 naming the problem, and changes nothing', async () => {
    const cookie = await target.signInAs('strict@example.com');
    const cases: [unknown, RegExp][] = [
      [
        { firstName: 'x'.repeat(101), lastName: 'Ok', email: 'strict@example.com' },
        /First name must be at most 100 characters/,
      ],
      [
        { firstName: 'Ok', lastName: 'y'.repeat(101), email: 'strict@example.com' },
        /Last name must be at most 100 characters/,
      ],
      [{ firstName: 'Ok', lastName: 'Ok', email: 'not-an-email' }, /Please enter a valid email address/],
      [{ firstName: 'Ok', lastName: 'Ok', email: '' }, /Please enter an email address/],
      [{ firstName: 'Ok', lastName: 'Ok', email: `${'a'.repeat(250)}@example.com` }, /valid email/],
      [{ firstName: 'Ok', lastName: 'Ok', email: 'two@example.com, three@example.com' }, /valid email/],
      [
        { firstName: 'Tab\there', lastName: 'Ok', email: 'strict@example.com' },
        /First name contains a control character/,
      ],
      [{ firstName: 'Ok', lastName: 'Ok' }, /valid email/],
      [{ firstName: 42, lastName: 'Ok', email: 'strict@example.com' }, /First name must be text/],
    ];
    for (const [payload, message] of cases) {
      const reply = await patchProfile(cookie, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().code).toBe('validation');
      expect(reply.json().message).toMatch(message);
    }
    expect(await userRow('strict@example.com')).toMatchObject({ firstName: null, lastName: null });
  });

  it('answers 401 when nobody is signed in', async () => {
    const reply = await patchProfile(null, { firstName: 'No', lastName: 'One', email: 'nobody@example.com' });
    expect(reply.statusCode).toBe(401);
    expect(await userRow('nobody@example.com')).toBeUndefined();
  });

  it('changes only the signed-in account: another user is untouched', async () => {
    await target.signInAs('bystander@example.com');
    const cookie = await target.signInAs('actor@example.com');
    await patchProfile(cookie, { firstName: 'Act', lastName: 'Or', email: 'actor@example.com' });
    expect(await userRow('bystander@example.com')).toMatchObject({ firstName: null, lastName: null });
  });
});

describe('the Verified badge', () => {
  it('is off after development sign-in', async () => {
    const cookie = await target.signInAs('dev-only@example.com');
    expect((await currentUser(cookie)).emailVerified).toBe(false);
  });

  it('is on after sign-in through a provider that verified the e-mail, and off again once the e-mail changes', async () => {
    const start = await target.app.inject({ method: 'GET', url: '/api/login' });
    const pendingCookie = sessionCookieFrom(start.headers['set-cookie'])!;
    const callback = await oidc.authorize(String(start.headers.location));
    const finish = await target.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: pendingCookie },
    });
    expect(finish.statusCode).toBe(302);
    const cookie = sessionCookieFrom(finish.headers['set-cookie'])!;
    expect(await currentUser(cookie)).toMatchObject({ email: 'verified@example.com', emailVerified: true });

    await patchProfile(cookie, { firstName: 'Vera', lastName: 'Fied', email: 'unverified@example.com' });
    expect((await currentUser(cookie)).emailVerified).toBe(false);
  });
});
