import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startYoutubeDouble,
  YOUTUBE_TEST_KEY,
  type YoutubeDouble,
} from '../../../../../tests/doubles/social-profiles/youtube.ts';
import { YoutubeProfileSource } from './youtube-profile-source.ts';

let double: YoutubeDouble;

beforeAll(async () => {
  double = await startYoutubeDouble([
    { handle: 'quietbakery', title: 'Quiet Bakery', description: 'Bread from Leeds', subscribers: 12, videos: [] },
    { handle: 'busybakery', title: 'Busy Bakery', videos: [{ title: 'Shaping a loaf', daysAgo: 3, views: 40 }] },
  ]);
});
afterAll(async () => {
  await double?.close();
});

const since = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);

describe('a YouTube channel read by its handle', () => {
  it('exists with no videos when it never uploaded (YouTube answers 404 playlistNotFound for its uploads)', async () => {
    const read = await new YoutubeProfileSource(double.apiUrl, YOUTUBE_TEST_KEY).read('quietbakery', { since });
    expect(read).toMatchObject({ exists: true, name: 'Quiet Bakery', bio: 'Bread from Leeds', posts: [] });
    expect(
      double.requests.some(
        (url) => url.pathname === '/playlistItems' && url.searchParams.get('playlistId') === 'UUquietbakery',
      ),
    ).toBe(true);
  });

  it('reads the uploads of a channel that has some', async () => {
    const read = await new YoutubeProfileSource(double.apiUrl, YOUTUBE_TEST_KEY).read('busybakery', { since });
    expect(read).toMatchObject({ exists: true, posts: [{ text: 'Shaping a loaf' }] });
  });
});
