import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditDetail, TCheckResult } from '../../src/shared/schemas/audits.ts';
import { fixtureImage } from '../doubles/social-profiles/server.ts';
import { multipartFile } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import { pdfWorkspace } from '../helpers/pdf.ts';
import {
  MASTODON_TEST_INSTANCE,
  passingAccounts,
  type SocialProfilesWorld,
  startSocialProfilesWorld,
} from '../helpers/social-profiles.ts';

let world: SocialProfilesWorld;
let target: WorkingTestApp;
let cookie: string;
let audit: TAuditDetail;

const socialChecks = (detail: TAuditDetail): TCheckResult[] =>
  Object.values(detail.analysis?.socialMedia ?? {}).flatMap((group) => group.checks);
const checkOf = (detail: TAuditDetail, id: string) => socialChecks(detail).find((check) => check.id === id);

beforeAll(async () => {
  world = await startSocialProfilesWorld();
  const accounts = passingAccounts(world.siteUrl);
  world.bluesky.setAccounts([accounts.bluesky]);
  world.mastodon.setAccounts([accounts.mastodon]);
  world.youtube.setChannels([accounts.youtube]);
  target = await createWorkingTestApp({ env: world.env });
  cookie = await target.signInAs('profiles@example.com');
  const upload = multipartFile(fixtureImage('brand-logo.png'), { contentType: 'image/png' });
  const logo = (
    await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: upload.payload,
      headers: { ...upload.headers, cookie },
    })
  ).json();
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: {
      name: 'Northwind Bakery',
      websiteUrl: world.siteUrl,
      blueskyHandle: '@northwindbakery.bsky.social',
      mastodonHandle: `northwind@${MASTODON_TEST_INSTANCE}`,
      youtubeHandle: 'https://www.youtube.com/@northwindbakery',
      twitterHandle: 'northwindbakery',
      logoUrl: logo.url,
    },
  });
  expect(brand.statusCode).toBe(201);
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  expect(started.statusCode).toBe(201);
  audit = await waitForAudit(target, cookie, started.json().id);
  expect(audit.status).toBe('completed');
}, 120_000);

afterAll(async () => {
  await target?.close();
  await world?.close();
});

describe('profiles read from their networks (all passing)', () => {
  it('compares the Bluesky, Mastodon and YouTube handles and links like the others', () => {
    // the site links to the declared Bluesky profile: linked, and not "not declared in the brand"
    expect(checkOf(audit, 'social.profile-links-match')).toMatchObject({
      status: 'pass',
      summary: 'The website links to 1 social profile, none conflicting with the declared handles',
      evidence: [expect.objectContaining({ selector: 'Bluesky', note: expect.not.stringContaining('not declared') })],
    });
    const links = checkOf(audit, 'social.profile-links');
    expect(links).toMatchObject({ status: 'fail', summary: '1 of 4 declared profiles is linked from the website' });
    expect(links?.evidence.map((item) => item.selector)).toEqual(['YouTube', 'Mastodon', 'X (Twitter)']);
    expect(checkOf(audit, 'social.handle-valid')?.summary).toBe('All 4 declared handles are valid usernames');
    // Mastodon's user is 'northwind'; the Bluesky name, YouTube and X are 'northwindbakery'
    expect(checkOf(audit, 'social.handle-consistency')).toMatchObject({
      status: 'fail',
      summary: '1 of 4 handles differs from "northwindbakery": Mastodon northwind@bakers.social',
    });
  });
  it.each(['bluesky', 'mastodon', 'youtube'])('%s: each check passes with its evidence', (network) => {
    for (const kind of ['exists', 'name-bio', 'avatar', 'posting', 'gaps', 'tone']) {
      const check = checkOf(audit, `social.${network}.${kind}`);
      expect(check?.status, `${network}.${kind}: ${check?.summary}`).toBe('pass');
      expect(check?.evidence.length, `${network}.${kind}`).toBeGreaterThan(0);
    }
  });

  it('checks the link back where the API gives one, and says why not on YouTube', () => {
    expect(checkOf(audit, 'social.bluesky.website')).toMatchObject({ status: 'pass' });
    expect(checkOf(audit, 'social.mastodon.website')?.evidence[0]).toMatchObject({
      selector: 'website',
      value: world.siteUrl,
    });
    expect(checkOf(audit, 'social.youtube.website')).toMatchObject({
      status: 'not_measured',
      summary: "Not measured: YouTube's Data API does not give a channel's links",
    });
  });

  it('shows both hashes and their distance in the picture evidence', () => {
    const avatar = checkOf(audit, 'social.bluesky.avatar')!;
    expect(avatar.summary).toMatch(/^The picture matches the logo: \d+ of 64 bits differ$/);
    expect(avatar.evidence[0]).toMatchObject({
      selector: 'profile picture hash',
      value: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(avatar.evidence[1]).toMatchObject({ selector: 'logo hash', value: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(avatar.evidence[1]?.note).toMatch(/bits differ \(at most 10 match\)/);
  });

  it("counts only the account's own posts: reposts and replies are left out", () => {
    expect(checkOf(audit, 'social.bluesky.posting')?.summary).toMatch(/^6 posts in the last 90 days \(2 a month\)/);
    expect(checkOf(audit, 'social.mastodon.posting')?.summary).toMatch(/^6 posts in the last 90 days/);
    expect(world.mastodon.requests.some((url) => url.searchParams.get('exclude_replies') === 'true')).toBe(true);
  });

  it('keeps what was read, when, with engagement as the API states it and the pictures compared', () => {
    const reads = audit.analysis?.socialProfiles ?? [];
    expect(reads.map((read) => [read.network, read.status])).toEqual([
      ['bluesky', 'read'],
      ['mastodon', 'read'],
      ['youtube', 'read'],
    ]);
    const bluesky = reads[0]!;
    expect(Date.parse(bluesky.fetchedAt)).not.toBeNaN();
    expect(bluesky).toMatchObject({ name: 'Northwind Bakery', followers: 1200, postsRead: 6 });
    expect(bluesky.engagement).toEqual({ posts: 6, likes: 12.5, replies: 2, reposts: 1 });
    expect(reads[2]!.engagement).toMatchObject({ views: 500, likes: 40, replies: 3 });
    expect(bluesky.avatar?.thumbnail).toMatch(/^data:image\/png;base64,/);
    expect(bluesky.compared).toEqual([
      expect.objectContaining({
        source: 'logo',
        hash: expect.stringMatching(/^[0-9a-f]{16}$/),
        distance: expect.any(Number),
      }),
    ]);
    // no credential is kept with the audit
    expect(JSON.stringify(audit)).not.toContain(world.env.YOUTUBE_API_KEY);
  });

  it('scores social media from these checks; X stays not measured with the reason', () => {
    expect(audit.socialMediaScore).toEqual(expect.any(Number));
    expect(audit.analysis?.coverage?.socialMedia.enough).toBe(true);
    expect(checkOf(audit, 'social.posting-twitter')).toMatchObject({
      status: 'not_measured',
      summary:
        "Not measured: X (Twitter) has no API open for reading a brand's profile and posts; the handle checks still apply",
    });
  });

  it("pages through the posts with each API's own paging", () => {
    expect(
      world.bluesky.requests.filter((url) => url.pathname.endsWith('getAuthorFeed'))[0]?.searchParams.get('filter'),
    ).toBe('posts_no_replies');
    expect(world.youtube.requests.some((url) => url.pathname === '/videos')).toBe(true);
  });

  it("does not show another user's audit with its profiles", async () => {
    const other = await target.signInAs('someone-else@example.com');
    const response = await target.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}`,
      headers: { cookie: other },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the audit PDF', () => {
  it('shows each profile read with both hashes compared, and its checks once in the score groups', async () => {
    const response = await target.app.inject({
      method: 'POST',
      url: `/api/audits/${audit.id}/pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const workspace = pdfWorkspace('social-profiles-');
    try {
      const { text, file } = workspace.inspect('audit', response.rawPayload);
      if (text === null) return expect(response.rawPayload.length).toBeGreaterThan(1000);
      expect(text).toContain('Social profiles read');
      expect(text).toContain('Bluesky: northwindbakery.bsky.social');
      expect(text).toContain('Mastodon: northwind@bakers.social');
      expect(text).toContain('Profile picture');
      const bluesky = audit.analysis!.socialProfiles![0]!;
      expect(text).toContain(bluesky.avatar!.hash!);
      expect(text).toContain(bluesky.compared[0]!.hash);
      // the checks are printed once, in the score groups, and each profile says how they went
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Its 7 checks are listed in the score groups below: 7 passed.');
      // the declared Bluesky profile the site links to is not called undeclared
      expect(flat).not.toContain('not declared in the brand');
      expect(flat).toContain('1 of 4 declared profiles is linked from the website');
      expect(flat.split('Bluesky: the profile picture is the logo')).toHaveLength(2);
      expect(flat).toContain('Bluesky: the profile picture is the logo The picture matches the logo');
      expect(file).toMatch(/\.pdf$/);
    } finally {
      workspace.remove();
    }
  });
});

describe('brand handles of the read networks', () => {
  it('are kept as typed and refused with a clear message when not a handle', async () => {
    const inject = (payload: object) =>
      target.app.inject({ method: 'POST', url: '/api/brands', headers: { cookie }, payload });
    const bad = await inject({ name: 'X', mastodonHandle: 'northwind' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter the Mastodon handle as user@instance, like yourbrand@mastodon.social');
    const badBluesky = await inject({ name: 'X', blueskyHandle: 'not a handle' });
    expect(badBluesky.json().message).toBe('Enter the Bluesky handle as a domain name, like yourbrand.bsky.social');
    const badYoutube = await inject({ name: 'X', youtubeHandle: '@a' });
    expect(badYoutube.json().message).toBe(
      'Enter the YouTube handle as @yourbrand: 3 to 30 letters, digits, _, - or .',
    );
    const unauthenticated = await target.app.inject({ method: 'POST', url: '/api/brands', payload: { name: 'X' } });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
