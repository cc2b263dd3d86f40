import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GooglePlacesDouble, startGooglePlacesDouble } from '../doubles/mention-sources/google-places.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
let places: GooglePlacesDouble;
let target: TestApp;
let owner: string;
let stranger: string;
let freeUser: string;
let brandId: string;
let strangerBrandId: string;
let freeBrandId: string;
const bodies: string[] = [];

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
async function inject(app: TestApp, method: Method, url: string, cookie?: string, payload?: object) {
  const response = await app.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  bodies.push(response.body);
  return response;
}
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  inject(target, method, url, cookie, payload);

async function createBrand(cookie: string, name: string): Promise<string> {
  const response = await call('POST', '/api/brands', cookie, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  places = await startGooglePlacesDouble();
  places.addPlace({
    id: PLACE,
    name: 'Northwind Roasters',
    address: '1 Mill Lane, Leeds',
    rating: 4.6,
    userRatingCount: 212,
  });
  places.addPlace({
    id: 'ChIJsecond',
    name: 'Northwind Roasters Cafe',
    address: '9 Kirkgate, Leeds',
    rating: 4.2,
    userRatingCount: 31,
  });
  target = await createTestApp({
    env: { CRAWLER_ALLOW_LOOPBACK: 'true', GOOGLE_PLACES_API_URL: places.url, GOOGLE_PLACES_API_KEY: places.apiKey },
  });
  owner = await target.signInAs('place-owner@example.com');
  stranger = await target.signInAs('place-stranger@example.com');
  freeUser = await target.signInAs('place-free@example.com');
  await setPlan(target.database, 'place-owner@example.com', 'smb');
  await setPlan(target.database, 'place-stranger@example.com', 'smb');
  brandId = await createBrand(owner, 'Northwind Roasters');
  strangerBrandId = await createBrand(stranger, 'Rival Roasters');
  freeBrandId = await createBrand(freeUser, 'Free Beans');
});
afterAll(async () => {
  await target.close();
  await places.close();
});

describe('the Google place picker', () => {
  it('searches places by text, storing nothing, then stores the chosen place with the name Google gives and clears it', async () => {
    const before = await call('GET', `/api/brands/${brandId}/google-place`, owner);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ available: true, place: null, reviewsPerPlace: 5 });

    const search = await call(
      'GET',
      `/api/brands/${brandId}/google-places?query=${encodeURIComponent(' Northwind Leeds ')}`,
      owner,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json()).toEqual({
      query: 'Northwind Leeds',
      places: [
        { id: PLACE, name: 'Northwind Roasters', address: '1 Mill Lane, Leeds', rating: 4.6, ratingCount: 212 },
        {
          id: 'ChIJsecond',
          name: 'Northwind Roasters Cafe',
          address: '9 Kirkgate, Leeds',
          rating: 4.2,
          ratingCount: 31,
        },
      ],
    });
    expect(places.calls.at(-1)?.headers['x-goog-fieldmask']).toBe(
      'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount',
    );
    expect((await call('GET', `/api/brands/${brandId}/google-place`, owner)).json().place).toBeNull();

    const chosen = await call('PUT', `/api/brands/${brandId}/google-place`, owner, { placeId: PLACE });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({
      available: true,
      place: { id: PLACE, name: 'Northwind Roasters' },
      reviewsPerPlace: 5,
    });
    // Checked against Place Details, asking for no reviews (not billed as such).
    expect(places.calls.at(-1)?.path).toBe(`/places/${PLACE}`);
    expect(places.calls.at(-1)?.headers['x-goog-fieldmask']).toBe('id,displayName');
    expect((await call('GET', `/api/brands/${brandId}/google-place`, owner)).json().place).toEqual({
      id: PLACE,
      name: 'Northwind Roasters',
    });

    const cleared = await call('DELETE', `/api/brands/${brandId}/google-place`, owner);
    expect(cleared.statusCode).toBe(204);
    expect((await call('GET', `/api/brands/${brandId}/google-place`, owner)).json().place).toBeNull();
  });

  it('refuses bad input with a readable 400', async () => {
    const short = await call('GET', `/api/brands/${brandId}/google-places?query=N`, owner);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Type at least 2 characters to search for a place', code: 'validation' });
    expect((await call('GET', `/api/brands/${brandId}/google-places`, owner)).statusCode).toBe(400);
    const malformed = await call('PUT', `/api/brands/${brandId}/google-place`, owner, { placeId: '../../x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('That is not a Google place id');
    const unknown = await call('PUT', `/api/brands/${brandId}/google-place`, owner, { placeId: 'ChIJunknownPlace' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Google has no place with this id: search again and choose one from the list');
    expect((await call('GET', `/api/brands/${brandId}/google-place`, owner)).json().place).toBeNull();
  });

  it('answers 401 without a session and 404 for another user’s brand or none', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', `/api/brands/${strangerBrandId}/google-places?query=Rival`],
      ['GET', `/api/brands/${strangerBrandId}/google-place`],
      ['PUT', `/api/brands/${strangerBrandId}/google-place`, { placeId: PLACE }],
      ['DELETE', `/api/brands/${strangerBrandId}/google-place`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, owner, payload)).statusCode, `${method} ${url}`).toBe(404);
      const none = url.replace(strangerBrandId, '00000000-0000-4000-8000-000000000000');
      expect((await call(method, none, owner, payload)).statusCode, `${method} ${none}`).toBe(404);
    }
    expect((await call('GET', `/api/brands/${strangerBrandId}/google-place`, stranger)).json().place).toBeNull();
  });

  it('is a Consumer Insights feature: the free plan gets plan_feature', async () => {
    const search = await call('GET', `/api/brands/${freeBrandId}/google-places?query=Free`, freeUser);
    expect(search.statusCode).toBe(403);
    expect(search.json().code).toBe('plan_feature');
    expect(
      (await call('PUT', `/api/brands/${freeBrandId}/google-place`, freeUser, { placeId: PLACE })).statusCode,
    ).toBe(403);
  });

  it('says the source is not available on a server without the key (409), and still reads the stored choice', async () => {
    const keyless = await createTestApp({ database: target.database });
    try {
      const cookie = await keyless.signInAs('place-owner@example.com');
      const search = await inject(keyless, 'GET', `/api/brands/${brandId}/google-places?query=Northwind`, cookie);
      expect(search.statusCode).toBe(409);
      expect(search.json()).toEqual({ message: 'Google reviews are not available on this server.', code: 'conflict' });
      expect(
        (await inject(keyless, 'PUT', `/api/brands/${brandId}/google-place`, cookie, { placeId: PLACE })).statusCode,
      ).toBe(409);
      const read = await inject(keyless, 'GET', `/api/brands/${brandId}/google-place`, cookie);
      expect(read.json()).toEqual({ available: false, place: null, reviewsPerPlace: 5 });
    } finally {
      await keyless.close();
    }
  });

  it('answers 502 when Google refuses the key, and no answer ever carries the key', async () => {
    const wrongKey = await createTestApp({
      database: target.database,
      env: {
        CRAWLER_ALLOW_LOOPBACK: 'true',
        GOOGLE_PLACES_API_URL: places.url,
        GOOGLE_PLACES_API_KEY: 'AIzaRefusedKey12345',
      },
    });
    try {
      const cookie = await wrongKey.signInAs('place-owner@example.com');
      const search = await inject(wrongKey, 'GET', `/api/brands/${brandId}/google-places?query=Northwind`, cookie);
      expect(search.statusCode).toBe(502);
      expect(search.json().message).toBe('Google Places could not be searched from this server right now.');
    } finally {
      await wrongKey.close();
    }
    for (const body of bodies) {
      expect(body).not.toContain(places.apiKey);
      expect(body).not.toContain('AIzaRefusedKey12345');
    }
  });
});
