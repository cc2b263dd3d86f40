import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import type { TAuditDetail, TCheckResult } from '../../src/shared/schemas/audits.ts';
import { fixtureImage } from '../doubles/social-profiles/server.ts';
import { multipartFile } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitForAudit } from '../helpers/jobs.ts';
import {
  MASTODON_TEST_INSTANCE,
  passingAccounts,
  type SocialProfilesWorld,
  startSocialProfilesWorld,
} from '../helpers/social-profiles.ts';

let world: SocialProfilesWorld;
let target: WorkingTestApp;
let cookie: string;
let logoUrl: string;

const checkOf = (detail: TAuditDetail, id: string): TCheckResult | undefined =>
  Object.values(detail.analysis?.socialMedia ?? {})
    .flatMap((group) => group.checks)
    .find((check) => check.id === id);

async function auditOf(handles: Record<string, string>): Promise<TAuditDetail> {
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: 'Northwind Bakery', websiteUrl: world.siteUrl, logoUrl, ...handles },
  });
  expect(brand.statusCode).toBe(201);
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  expect(started.statusCode).toBe(201);
  const audit = await waitForAudit(target, cookie, started.json().id);
  expect(audit.status).toBe('completed');
  return audit;
}

beforeAll(async () => {
  world = await startSocialProfilesWorld();
  target = await createWorkingTestApp({ env: world.env });
  cookie = await target.signInAs('profiles-failing@example.com');
  // the agency plan: several brands in one account
  await target.database.db
    .update(users)
    .set({ planType: 'agency', maxBrands: 10 })
    .where(eq(users.email, 'profiles-failing@example.com'));
  const upload = multipartFile(fixtureImage('brand-logo.png'), { contentType: 'image/png' });
  logoUrl = (
    await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: upload.payload,
      headers: { ...upload.headers, cookie },
    })
  ).json().url;
}, 60_000);

afterAll(async () => {
  await target?.close();
  await world?.close();
});

describe('profile checks that fail, with their evidence', () => {
  let audit: TAuditDetail;

  beforeAll(async () => {
    const { mastodon } = passingAccounts(world.siteUrl);
    world.bluesky.setAccounts([]); // nobody holds the declared handle
    world.mastodon.setAccounts([
      {
        ...mastodon,
        displayName: 'Northwind Bakery',
        note: '<p>Photos of mountains, hiking trails and alpine lakes.</p>',
        avatar: 'avatar-other.png',
        website: { name: 'Website', url: 'https://elsewhere.example/' },
        statuses: [
          { text: 'An old post about bread.', daysAgo: 75 },
          { text: 'Another old post.', daysAgo: 120 },
        ],
      },
    ]);
    world.youtube.setChannels([passingAccounts(world.siteUrl).youtube]);
    world.youtube.quotaExceeded(true);
    audit = await auditOf({
      blueskyHandle: 'nobody-here.bsky.social',
      mastodonHandle: `northwind@${MASTODON_TEST_INSTANCE}`,
      youtubeHandle: '@northwindbakery',
    });
    world.youtube.quotaExceeded(false);
  }, 120_000);

  it('fails a declared handle that leads to no profile (Bluesky)', () => {
    expect(checkOf(audit, 'social.bluesky.exists')).toMatchObject({
      status: 'fail',
      summary: 'No Bluesky account has the handle nobody-here.bsky.social: the declared handle leads nowhere',
      evidence: [expect.objectContaining({ value: 'nobody-here.bsky.social' })],
    });
    // what needs a profile is not measured, never failed a second time
    expect(checkOf(audit, 'social.bluesky.avatar')?.status).toBe('not_measured');
  });

  it('fails a picture that is not the logo, showing both hashes (Mastodon)', () => {
    const avatar = checkOf(audit, 'social.mastodon.avatar')!;
    expect(avatar.status).toBe('fail');
    expect(avatar.summary).toMatch(/^The picture is not the logo: \d+ of 64 bits differ, more than 10$/);
    expect(avatar.evidence.map((item) => item.selector)).toEqual(['profile picture hash', 'logo hash']);
  });

  it('fails a bio unlike the website, a link elsewhere and long silences (Mastodon)', () => {
    const bio = checkOf(audit, 'social.mastodon.name-bio')!;
    expect(bio.status).toBe('fail');
    expect(bio.summary).toMatch(
      /^The bio says something different from the website's description \(similarity 0(\.\d+)?, below 0\.2\)$/,
    );
    expect(bio.evidence.find((item) => item.selector === 'website description')?.value).toBeLessThan(0.2);
    expect(checkOf(audit, 'social.mastodon.website')).toMatchObject({
      status: 'fail',
      summary: 'The profile links to elsewhere.example, not to 127.0.0.1',
    });
    expect(checkOf(audit, 'social.mastodon.posting')).toMatchObject({
      status: 'fail',
      summary: '1 post in the last 90 days (0.3 a month) on the profile itself',
    });
    expect(checkOf(audit, 'social.mastodon.gaps')?.status).toBe('fail');
    expect(checkOf(audit, 'social.mastodon.gaps')?.summary).toMatch(
      /^The longest gap is 75 days since the latest post/,
    );
  });

  it('keeps a network that fails as not measured with its reason, never a zero (YouTube quota)', () => {
    expect(checkOf(audit, 'social.youtube.exists')).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: the YouTube API quota for today is spent',
    });
    const read = audit.analysis?.socialProfiles?.find((item) => item.network === 'youtube');
    expect(read).toMatchObject({
      status: 'not_measured',
      reason: 'Not measured: the YouTube API quota for today is spent',
      followers: null,
      engagement: null,
    });
    expect(JSON.stringify(audit)).not.toContain(world.env.YOUTUBE_API_KEY);
  });

  it('recommends the fixes of failed profile checks by network', () => {
    const titles = audit.recommendations.map((item) => item.title);
    expect(titles).toContain('Use your logo as the Mastodon profile picture');
    expect(titles).toContain('Correct the declared Bluesky handle');
  });
});

describe('more failing checks, on Bluesky and YouTube', () => {
  let audit: TAuditDetail;
  const PARTY = [
    'omg lol u guys!!! tonight is gonna be sooo wild, party at the club with the best DJ ever!!!',
    'cant even... this game is insane lol, who else is watching?? drop ur picks below!!!',
    'yesss new sneakers dropped today, grab em fast before they sell out!!! so hyped rn',
    'lmao the concert last night was unreal, crowd went crazy, best night of the summer!!!',
    'who wants free tickets?? retweet and follow for a chance, winners picked friday lol',
  ];

  beforeAll(async () => {
    const accounts = passingAccounts(world.siteUrl);
    world.bluesky.setAccounts([
      {
        ...accounts.bluesky,
        description: '',
        avatar: 'avatar-other.png',
        posts: PARTY.map((text, index) => ({ text, daysAgo: 40 + index * 10 })),
      },
    ]);
    world.mastodon.setAccounts([]);
    world.youtube.setChannels([
      {
        ...accounts.youtube,
        description: 'Gaming highlights, speedruns and live streams every weekend.',
        avatar: 'avatar-other.png',
        videos: [{ title: 'Old video', daysAgo: 85, views: 10, likes: 1, comments: 0 }],
      },
    ]);
    audit = await auditOf({
      blueskyHandle: 'northwindbakery.bsky.social',
      mastodonHandle: `gone@${MASTODON_TEST_INSTANCE}`,
      youtubeHandle: '@northwindbakery',
    });
  }, 120_000);

  it('Bluesky: a profile without a bio, another picture, posts in another voice and a long silence fail', () => {
    expect(checkOf(audit, 'social.bluesky.exists')?.status).toBe('pass');
    expect(checkOf(audit, 'social.bluesky.name-bio')).toMatchObject({
      status: 'fail',
      summary: 'The profile is named "Northwind Bakery" but has no bio',
    });
    expect(checkOf(audit, 'social.bluesky.website')).toMatchObject({
      status: 'fail',
      summary: 'The profile names no website',
    });
    expect(checkOf(audit, 'social.bluesky.avatar')?.status).toBe('fail');
    const tone = checkOf(audit, 'social.bluesky.tone')!;
    expect(tone.status).toBe('fail');
    expect(tone.summary).toMatch(/^The Bluesky profile's tone differs from the website's in .*vocabulary$/);
    expect(tone.evidence.some((item) => item.selector === 'vocabulary overlap')).toBe(true);
    expect(checkOf(audit, 'social.bluesky.gaps')).toMatchObject({
      status: 'fail',
      summary: expect.stringMatching(/^The longest gap is 40 days since the latest post/),
    });
  });

  it('Mastodon: a handle nobody holds on the instance fails', () => {
    expect(checkOf(audit, 'social.mastodon.exists')).toMatchObject({
      status: 'fail',
      summary: 'bakers.social has no account @gone: the declared handle leads nowhere',
    });
  });

  it('YouTube: an unrelated description, another picture and one old video fail', () => {
    const bio = checkOf(audit, 'social.youtube.name-bio')!;
    expect(bio.status).toBe('fail');
    expect(bio.evidence.find((item) => item.selector === 'bio')?.value).toBe(
      'Gaming highlights, speedruns and live streams every weekend.',
    );
    expect(checkOf(audit, 'social.youtube.avatar')?.summary).toMatch(
      /^The picture is not the logo: \d+ of 64 bits differ/,
    );
    expect(checkOf(audit, 'social.youtube.posting')).toMatchObject({
      status: 'fail',
      summary: '1 post in the last 90 days (0.3 a month) on the profile itself',
    });
    expect(checkOf(audit, 'social.youtube.gaps')?.status).toBe('fail');
    expect(checkOf(audit, 'social.youtube.tone')?.status).toBe('not_measured');
  });

  it('YouTube: a handle no channel has fails', async () => {
    world.youtube.setChannels([]);
    const missing = await auditOf({ youtubeHandle: '@nochannelhere' });
    expect(checkOf(missing, 'social.youtube.exists')).toMatchObject({
      status: 'fail',
      summary: 'No YouTube channel has the handle @nochannelhere: the declared handle leads nowhere',
    });
  }, 120_000);
});

describe('no network read', () => {
  it('leaves social media "not enough measured" when every network failed, with the reason', async () => {
    world.bluesky.setAccounts([passingAccounts(world.siteUrl).bluesky]);
    world.bluesky.failNext({ status: 503, times: 100 });
    const audit = await auditOf({
      blueskyHandle: 'northwindbakery.bsky.social',
      twitterHandle: 'northwind',
      tiktokHandle: 'northwind',
    });
    world.bluesky.failNext({ status: 503, times: 0 });
    expect(checkOf(audit, 'social.bluesky.exists')).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: Bluesky answered with a server error',
    });
    // the AppView was asked again with backoff before giving up
    expect(world.bluesky.requests.filter((url) => url.pathname.endsWith('getProfile')).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(audit.socialMediaScore).toBeNull();
    expect(audit.analysis?.coverage?.socialMedia).toMatchObject({ enough: false });
    expect(audit.analysis?.coverage?.socialMedia.coverage).toContain('no profile read from its network');
  }, 120_000);

  it('honours Retry-After on a rate limit and then reads the profile', async () => {
    world.bluesky.failNext({ status: 429, times: 1, retryAfter: '0' });
    const audit = await auditOf({ blueskyHandle: 'northwindbakery.bsky.social' });
    expect(checkOf(audit, 'social.bluesky.exists')?.status).toBe('pass');
  }, 120_000);
});
