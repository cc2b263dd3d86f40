import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTeamMembers, apiTokens, brands, users } from '../../src/server/db/schema/index.ts';
import { type PlanKey, plans } from '../../src/shared/plans.ts';
import { API_TOKEN_REQUESTS_PER_MINUTE, type TCreatedApiToken } from '../../src/shared/schemas/api-tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let target: TestApp;

beforeAll(async () => {
  target = await createTestApp();
});

afterAll(async () => {
  await target.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^blk_[A-Za-z0-9_-]{43}$/;
const NOT_ALLOWED_HERE = 'API tokens cannot be used here: sign in to Brandlens in the browser to do this.';

type Caller = { cookie?: string; token?: string };

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, caller: Caller, payload?: object) {
  const headers: Record<string, string> = {};
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.token !== undefined) headers.authorization = `Bearer ${caller.token}`;
  return target.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function setPlan(email: string, plan: PlanKey) {
  await target.database.db
    .update(users)
    .set({ planType: plan, maxBrands: plans[plan].limits.brands })
    .where(eq(users.email, email));
}

async function userId(email: string): Promise<string> {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return user!.id;
}

/** Signs in an account on the given plan and returns its session cookie. */
async function accountOn(email: string, plan: PlanKey): Promise<string> {
  const cookie = await target.signInAs(email);
  await setPlan(email, plan);
  return cookie;
}

async function createToken(cookie: string, payload: object = { name: 'Reporting script' }): Promise<TCreatedApiToken> {
  const response = await call('POST', '/api/api-tokens', { cookie }, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function tokenRow(id: string) {
  const [row] = await target.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row!;
}

describe('creating a token', () => {
  it('shows the token once, keeps only its SHA-256 hash and a display prefix, and lists it without the secret', async () => {
    const cookie = await accountOn('owner-create@example.com', 'agency');
    const before = Date.now();
    const created = await createToken(cookie, { name: '  Nightly export  ', expiresInDays: 90 });

    expect(created.token).toMatch(TOKEN_SHAPE);
    expect(created.name).toBe('Nightly export');
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created.lastUsedAt).toBeNull();
    expect(created.revokedAt).toBeNull();
    const expiresAt = new Date(created.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);

    const row = await tokenRow(created.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(Object.values(row)).not.toContain(created.token);

    const list = await call('GET', '/api/api-tokens', { cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: created.id,
        name: 'Nightly export',
        prefix: created.prefix,
        lastUsedAt: null,
        expiresAt: created.expiresAt,
        createdAt: created.createdAt,
        revokedAt: null,
      },
    ]);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row.tokenHash);
  });

  it('makes tokens that never expire when no expiry is chosen, each one different', async () => {
    const cookie = await accountOn('owner-noexpiry@example.com', 'agency');
    const first = await createToken(cookie, { name: 'No expiry', expiresInDays: null });
    const second = await createToken(cookie, { name: 'Default expiry' });
    expect(first.expiresAt).toBeNull();
    expect(second.expiresAt).toBeNull();
    expect(first.token).not.toBe(second.token);
    // Newest first.
    const names = (await call('GET', '/api/api-tokens', { cookie }))
      .json()
      .map((token: { name: string }) => token.name);
    expect(names).toEqual(['Default expiry', 'No expiry']);
  });

  it('refuses bad names and expiries with a clear message, storing nothing', async () => {
    const email = 'owner-invalid@example.com';
    const cookie = await accountOn(email, 'agency');
    const cases: [object, string][] = [
      [{}, 'Token name is required'],
      [{ name: '   ' }, 'Token name is required'],
      [{ name: 'x'.repeat(101) }, 'Token name must be at most 100 characters'],
      [{ name: 'Tab\there' }, 'Token name contains a control character'],
      [{ name: 42 }, 'Token name is required'],
      [{ name: 'Script', expiresInDays: 7 }, 'Choose an expiry of 30, 90 or 365 days, or none'],
      [{ name: 'Script', expiresInDays: '30' }, 'Choose an expiry of 30, 90 or 365 days, or none'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/api-tokens', { cookie }, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message, code: 'validation' });
    }
    const stored = await target.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, await userId(email)));
    expect(stored).toEqual([]);
  });

  it('stores a name with HTML as plain text', async () => {
    const cookie = await accountOn('owner-html@example.com', 'agency');
    const created = await createToken(cookie, { name: '<script>alert(1)</script>' });
    expect(created.name).toBe('<script>alert(1)</script>');
  });

  it('answers 401 to a signed-out caller on every token route', async () => {
    for (const [method, url] of [
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['DELETE', `/api/api-tokens/${crypto.randomUUID()}`],
    ] as const) {
      const response = await call(method, url, {}, method === 'POST' ? { name: 'Script' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('is for the Agency plan only (403 plan_feature), yet any owner may list and revoke', async () => {
    for (const plan of ['free', 'starter', 'smb'] as const) {
      const cookie = await accountOn(`plan-${plan}@example.com`, plan);
      const response = await call('POST', '/api/api-tokens', { cookie }, { name: 'Script' });
      expect(response.statusCode, plan).toBe(403);
      expect(response.json()).toEqual({
        code: 'plan_feature',
        message: `Your ${plans[plan].name} plan does not include API access. Upgrade to ${plans[plans[plan].upgradeTo!].name} to use them.`,
      });
      expect((await call('GET', '/api/api-tokens', { cookie })).json()).toEqual([]);
    }
  });

  it('refuses team members (403): they cannot list, create or revoke tokens', async () => {
    const ownerCookie = await accountOn('agency-of-member@example.com', 'agency');
    const ownerToken = await createToken(ownerCookie);
    const memberCookie = await target.signInAs('member@example.com');
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: await userId('agency-of-member@example.com'), memberEmail: 'member@example.com' });

    const refused = [
      await call('GET', '/api/api-tokens', { cookie: memberCookie }),
      await call('POST', '/api/api-tokens', { cookie: memberCookie }, { name: 'Mine' }),
      await call('DELETE', `/api/api-tokens/${ownerToken.id}`, { cookie: memberCookie }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    expect((await tokenRow(ownerToken.id)).revokedAt).toBeNull();
  });

  it('caps an account at 25 active tokens (409); revoking one makes room', async () => {
    const email = 'owner-many@example.com';
    const cookie = await accountOn(email, 'agency');
    const owner = await userId(email);
    await target.database.db.insert(apiTokens).values(
      Array.from({ length: 25 }, (_, index) => ({
        userId: owner,
        name: `Token ${index}`,
        tokenHash: createHash('sha256').update(`${email}-${index}`).digest('hex'),
        prefix: 'blk_test',
      })),
    );
    const refused = await call('POST', '/api/api-tokens', { cookie }, { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'conflict',
      message: 'You can have up to 25 active API tokens. Revoke one you no longer use to create another.',
    });
    const [oldest] = (await call('GET', '/api/api-tokens', { cookie })).json().slice(-1);
    expect((await call('DELETE', `/api/api-tokens/${oldest.id}`, { cookie })).statusCode).toBe(200);
    await createToken(cookie, { name: 'Now there is room' });
  });
});

describe('revoking a token', () => {
  it('stops the token at once and keeps the first revocation time', async () => {
    const cookie = await accountOn('owner-revoke@example.com', 'agency');
    const created = await createToken(cookie);
    expect((await call('GET', '/api/brands', { token: created.token })).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/api-tokens/${created.id}`, { cookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: created.id, name: created.name });
    const revokedAt = revoked.json().revokedAt;
    expect(revokedAt).not.toBeNull();

    const refused = await call('GET', '/api/brands', { token: created.token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized: the API token has been revoked' });

    const again = await call('DELETE', `/api/api-tokens/${created.id}`, { cookie });
    expect(again.json().revokedAt).toBe(revokedAt);
    const listed = (await call('GET', '/api/api-tokens', { cookie })).json();
    expect(listed[0]).toMatchObject({ id: created.id, revokedAt });
  });

  it("answers 404 for another account's token, a missing one and a malformed id, changing nothing", async () => {
    const ownerCookie = await accountOn('owner-of-token@example.com', 'agency');
    const theirs = await createToken(ownerCookie);
    const otherCookie = await accountOn('other-agency@example.com', 'agency');

    for (const id of [theirs.id, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await call('DELETE', `/api/api-tokens/${id}`, { cookie: otherCookie });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await tokenRow(theirs.id)).revokedAt).toBeNull();
    expect((await call('GET', '/api/api-tokens', { cookie: otherCookie })).json()).toEqual([]);
    expect((await call('GET', '/api/brands', { token: theirs.token })).statusCode).toBe(200);
  });
});

describe('calling the API with a token', () => {
  it("acts as the token's owner, with no session and no cookie set", async () => {
    const email = 'owner-bearer@example.com';
    const cookie = await accountOn(email, 'agency');
    const { token } = await createToken(cookie);

    const created = await call('POST', '/api/brands', { token }, { name: 'Token Brand', websiteUrl: 'example.com' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['set-cookie']).toBeUndefined();
    const [brand] = await target.database.db.select().from(brands).where(eq(brands.id, created.json().id));
    expect(brand!.userId).toBe(await userId(email));

    const listed = await call('GET', '/api/brands', { token });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['set-cookie']).toBeUndefined();
    expect(listed.json().map((item: { name: string }) => item.name)).toEqual(['Token Brand']);

    const me = await call('GET', '/api/auth/user', { token });
    expect(me.json()).toMatchObject({ email, planType: 'agency' });
    expect(me.headers['set-cookie']).toBeUndefined();
  });

  it('cannot make, list or revoke tokens, nor reach billing or sign-in (403)', async () => {
    const cookie = await accountOn('owner-selfmade@example.com', 'agency');
    const created = await createToken(cookie);
    for (const [method, url, payload] of [
      ['POST', '/api/api-tokens', { name: 'Made by a token' }],
      ['GET', '/api/api-tokens', undefined],
      ['DELETE', `/api/api-tokens/${created.id}`, undefined],
      ['POST', '/api/get-or-create-subscription', { plan: 'agency' }],
      ['POST', '/api/cancel-subscription', undefined],
      ['GET', '/api/dev-switch?email=someone-else@example.com', undefined],
    ] as const) {
      const response = await call(method, url, { token: created.token }, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: NOT_ALLOWED_HERE });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await call('GET', '/api/api-tokens', { cookie })).json()).toHaveLength(1);
    expect((await tokenRow(created.id)).revokedAt).toBeNull();
  });

  it('is the request’s only credential: a bad token is refused even beside a valid session cookie', async () => {
    const cookie = await accountOn('owner-both@example.com', 'agency');
    const response = await call('GET', '/api/brands', { cookie, token: `blk_${'x'.repeat(43)}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Unauthorized: the API token is not recognised');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses malformed, unknown and expired tokens with 401, whatever the route', async () => {
    const cookie = await accountOn('owner-expired@example.com', 'agency');
    const created = await createToken(cookie, { name: 'Short-lived', expiresInDays: 30 });
    await target.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date('2025-01-31T12:00:00Z') })
      .where(eq(apiTokens.id, created.id));

    const cases: [string, string][] = [
      ['', 'Unauthorized: the API token is malformed'],
      ['not-a-token', 'Unauthorized: the API token is malformed'],
      [`${created.token}x`, 'Unauthorized: the API token is malformed'],
      [`blk_${'A'.repeat(43)}`, 'Unauthorized: the API token is not recognised'],
      [created.token, 'Unauthorized: the API token expired on 2025-01-31'],
    ];
    for (const [token, message] of cases) {
      for (const [method, url] of [
        ['GET', '/api/brands'],
        ['POST', '/api/brands'],
        ['GET', '/api/auth/user'],
      ] as const) {
        const response = await call(method, url, { token });
        expect(response.statusCode, `${token} ${method} ${url}`).toBe(401);
        expect(response.json()).toEqual({ code: 'unauthorized', message });
      }
    }
  });

  it('writes the last-used time at most once a minute', async () => {
    const cookie = await accountOn('owner-lastused@example.com', 'agency');
    const created = await createToken(cookie);
    await call('GET', '/api/brands', { token: created.token });
    const first = (await tokenRow(created.id)).lastUsedAt;
    expect(first).not.toBeNull();

    await call('GET', '/api/brands', { token: created.token });
    expect((await tokenRow(created.id)).lastUsedAt).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
    await target.database.db.update(apiTokens).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiTokens.id, created.id));
    await call('GET', '/api/brands', { token: created.token });
    const refreshed = (await tokenRow(created.id)).lastUsedAt!;
    expect(refreshed.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60 * 1000);
    const listed = (await call('GET', '/api/api-tokens', { cookie })).json();
    expect(listed[0].lastUsedAt).toBe(refreshed.toISOString());
  });

  it('stops working (403 plan_feature) when the owner leaves Agency, and works again on return', async () => {
    const email = 'owner-downgrade@example.com';
    const cookie = await accountOn(email, 'agency');
    const { token } = await createToken(cookie);
    await setPlan(email, 'smb');
    const refused = await call('GET', '/api/brands', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'plan_feature',
      message: 'Your SMB plan does not include API access. Upgrade to Agency to use them.',
    });
    await setPlan(email, 'agency');
    expect((await call('GET', '/api/brands', { token })).statusCode).toBe(200);
  });

  it('follows the team rules of its owner: an agency membership gives access to that agency’s brands, removal ends it', async () => {
    const agencyCookie = await accountOn('agency-host@example.com', 'agency');
    const hosted = await call('POST', '/api/brands', { cookie: agencyCookie }, { name: 'Hosted Brand' });
    expect(hosted.statusCode).toBe(201);
    const consultantCookie = await accountOn('consultant@example.com', 'agency');
    const { token } = await createToken(consultantCookie);
    const brandNames = async () =>
      (await call('GET', '/api/brands', { token })).json().map((brand: { name: string }) => brand.name);
    expect(await brandNames()).toEqual([]);

    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: await userId('agency-host@example.com'), memberEmail: 'consultant@example.com' });
    expect(await brandNames()).toEqual(['Hosted Brand']);
    const hostedBrand = await call('GET', `/api/brands/${hosted.json().id}`, { token });
    expect(hostedBrand.statusCode).toBe(200);

    await target.database.db
      .update(agencyTeamMembers)
      .set({ isActive: false })
      .where(eq(agencyTeamMembers.memberEmail, 'consultant@example.com'));
    expect(await brandNames()).toEqual([]);
    expect((await call('GET', `/api/brands/${hosted.json().id}`, { token })).statusCode).toBe(404);
  });

  it(`allows ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token, then answers 429 with Retry-After`, async () => {
    const cookie = await accountOn('owner-busy@example.com', 'agency');
    const busy = await createToken(cookie, { name: 'Busy' });
    const calm = await createToken(cookie, { name: 'Calm' });
    for (let index = 0; index < API_TOKEN_REQUESTS_PER_MINUTE; index++) {
      const response = await call('GET', '/api/auth/providers', { token: busy.token });
      expect(response.statusCode).toBe(200);
    }
    const limited = await call('GET', '/api/brands', { token: busy.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.json().message).toMatch(/^Too many requests with this API token: at most 120 a minute\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same owner, and the owner's browser session, are not held back.
    expect((await call('GET', '/api/brands', { token: calm.token })).statusCode).toBe(200);
    expect((await call('GET', '/api/brands', { cookie })).statusCode).toBe(200);
  });

  it('ignores the token on pages: they are for the browser session', async () => {
    const response = await target.app.inject({
      method: 'GET',
      url: '/settings',
      headers: { authorization: 'Bearer not-a-token' },
    });
    // No client build in API tests: the page answer is the plain not-found reply, never a token refusal.
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBeUndefined();
  });
});
