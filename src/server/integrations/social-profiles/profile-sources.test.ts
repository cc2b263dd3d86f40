import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MastodonDouble, startMastodonDouble } from '../../../../tests/doubles/social-profiles/mastodon.ts';
import {
  META_TEST_TOKEN,
  type MetaProfilesDouble,
  startMetaProfilesDouble,
} from '../../../../tests/doubles/social-profiles/meta.ts';
import { watchConnections } from '../../../../tests/helpers/connection-watch.ts';
import { parseBlueskyHandle, parseMastodonHandle, parseYoutubeHandle } from '../../../shared/social-handles.ts';
import { MastodonProfileSource } from './mastodon/mastodon-profile-source.ts';
import { MetaProfileSource } from './meta/meta-profile-source.ts';
import { isProfile } from './profile-source.ts';

const since = new Date(Date.now() - 90 * 86_400_000);

describe('handles as people type them', () => {
  it('reads Bluesky, Mastodon and YouTube handles and links, and refuses what is not one', () => {
    expect(parseBlueskyHandle('@Brand.bsky.social')).toBe('brand.bsky.social');
    expect(parseBlueskyHandle('https://bsky.app/profile/example.com')).toBe('example.com');
    expect(parseBlueskyHandle('brand')).toBeNull();
    expect(parseMastodonHandle('@Brand@Mastodon.social')).toEqual({ user: 'brand', instance: 'mastodon.social' });
    expect(parseMastodonHandle('https://fosstodon.org/@brand')).toEqual({ user: 'brand', instance: 'fosstodon.org' });
    expect(parseMastodonHandle('brand')).toBeNull();
    expect(parseYoutubeHandle('https://www.youtube.com/@Brand')).toBe('brand');
    expect(parseYoutubeHandle('@ab')).toBeNull();
  });
});

describe('Mastodon on an instance the operator did not list', () => {
  it('fetches it with the SSRF rules: a loopback instance is refused, not measured with the reason', async () => {
    const source = new MastodonProfileSource([], false);
    const read = await source.read('brand@localhost', { since });
    expect(read).toMatchObject({ handle: 'brand@localhost' });
    expect('notMeasured' in read && read.notMeasured).toMatch(
      /^Not measured: Refused to fetch https:\/\/localhost\/api\/v1\/accounts\/lookup\?acct=brand: it points to a loopback address/,
    );
  });
});

describe('Mastodon on an instance the operator listed, whose next-page link points elsewhere', () => {
  let instance: MastodonDouble;
  /** another service on this machine, which the link must not reach */
  let internal: Server;
  let internalRequests = 0;
  beforeAll(async () => {
    instance = await startMastodonDouble([{ username: 'brand', statuses: [{ text: 'New roast', daysAgo: 1 }] }]);
    internal = createServer((_request, response) => {
      internalRequests += 1;
      response.end('[]');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await instance?.close();
    await new Promise((resolve) => internal?.close(resolve));
  });

  it.each([
    ['http://169.254.169.254/api/v1/accounts/1/statuses?max_id=1', /it points to a cloud metadata address$/],
    ['http://10.0.0.1/api/v1/accounts/1/statuses?max_id=1', /it points to a private network address$/],
    ['http://localhost:{internal}/api/v1/accounts/1/statuses?max_id=1', /it points to a loopback address \(.+\)$/],
  ])(
    '%s is refused before any connection to it, and the profile is not measured with the reason',
    async (link, why) => {
      const next = link.replace('{internal}', String((internal.address() as AddressInfo).port));
      instance.setNextLink(next);
      const source = new MastodonProfileSource([{ domain: 'listed.social', baseUrl: instance.baseUrl }], false);
      const watch = watchConnections();
      try {
        const read = await source.read('brand@listed.social', { since });
        const reason = 'notMeasured' in read ? read.notMeasured : '';
        expect(reason).toContain(`Not measured: Refused to fetch ${next} for Mastodon (listed.social): `);
        expect(reason).toMatch(why);
        expect(watch.attemptsBeyond([Number(new URL(instance.baseUrl).port)])).toEqual([]);
        expect(internalRequests).toBe(0);
      } finally {
        watch.restore();
      }
    },
  );
});

describe('Facebook pages and Instagram Business Discovery', () => {
  let meta: MetaProfilesDouble;
  beforeAll(async () => {
    meta = await startMetaProfilesDouble();
    meta.pages.set('northwindbakery', {
      name: 'Northwind Bakery',
      about: 'Sourdough bread baked in Leeds.',
      website: 'https://northwind.example',
      followers: 900,
      avatar: 'avatar-logo-reencoded.jpg',
      posts: [
        { text: 'Fresh bread', daysAgo: 3, reactions: 12 },
        { text: 'Too old', daysAgo: 200, reactions: 1 },
      ],
    });
    meta.instagram.set('northwindbakery', {
      username: 'northwindbakery',
      name: 'Northwind Bakery',
      biography: 'Bread and pastries',
      website: 'https://northwind.example',
      followers: 4000,
      avatar: 'avatar-logo-reencoded.jpg',
      media: [{ caption: 'Croissants', daysAgo: 5, likes: 80, comments: 4 }],
    });
  });
  afterAll(() => meta.close());

  const source = (network: 'facebook' | 'instagram', options: { token?: string } = { token: META_TEST_TOKEN }) =>
    new MetaProfileSource(network, { graphUrl: meta.graphUrl, token: options.token });

  it("reads a page's name, about, website, followers and recent posts", async () => {
    const read = await source('facebook').read('northwindbakery', { since });
    expect(isProfile(read)).toBe(true);
    expect(read).toMatchObject({ name: 'Northwind Bakery', website: 'https://northwind.example', followers: 900 });
    expect(isProfile(read) && read.posts.map((post) => [post.text, post.engagement.likes])).toEqual([
      ['Fresh bread', 12],
    ]);
  });

  it('reads an Instagram business account through the token’s own account', async () => {
    const read = await source('instagram').read('northwindbakery', { since });
    expect(read).toMatchObject({ name: 'Northwind Bakery', followers: 4000, bio: 'Bread and pastries' });
    expect(meta.requests.some((url) => url.pathname.endsWith('/me/accounts'))).toBe(true);
  });

  it('says what Meta refuses, never zeros, and keeps the token out of the reason', async () => {
    expect(await source('facebook').read('nobody', { since })).toMatchObject({
      exists: false,
      reason: 'Facebook has no page named nobody',
    });
    meta.refusePages(true);
    const refused = await source('facebook').read('northwindbakery', { since });
    meta.refusePages(false);
    expect('notMeasured' in refused && refused.notMeasured).toMatch(/^Not measured: Meta refused the read: \(#10\)/);
    const personal = await source('instagram').read('someperson', { since });
    expect('notMeasured' in personal && personal.notMeasured).toMatch(/cannot be found/);
    expect(JSON.stringify([refused, personal])).not.toContain(META_TEST_TOKEN);
    expect(await source('facebook', {}).read('northwindbakery', { since })).toMatchObject({
      notMeasured: 'Not measured: no Meta Graph token configured (META_GRAPH_TOKEN)',
    });
  });
});
