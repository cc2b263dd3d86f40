/**
 * One discovery of a brand over all nine listening sources, each loaded with 500 mentions on its
 * loopback double in its own shape: the four keyless ones (Google News RSS, Algolia HN pages of
 * 100, Mastodon pages of 40 with Link headers, App Store pages of 50) and the five keyed ones
 * (Reddit listings of 100 after an OAuth token, Bluesky searchPosts pages after createSession,
 * YouTube search pages of 50 plus videos.list and comment threads, Trustpilot review pages of 100,
 * Google Places: Google answers five reviews of a place whatever it holds). Measured: the time
 * from the request to the completed task (queue pick-up, every page, parsing, relevance, dedupe,
 * local analysis, storing) and the process's peak memory during it (resident set and heap,
 * sampled every 10 ms).
 * Then the relevance scorer's precision and recall on the labelled search results
 * (tests/fixtures/mention-sources/labelled-search-results.ts).
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema/index.ts';
import type { TDiscoveryTask } from '../src/shared/schemas/insight-sources.ts';
import { scoreLabelledSet } from '../tests/fixtures/mention-sources/relevance-set.ts';
import { createWorkingTestApp, waitFor } from '../tests/helpers/jobs.ts';
import { startKeyedMentionDoubles, startMentionDoubles } from '../tests/helpers/mention-sources.ts';

const PER_SOURCE = 500;
const MB = 1024 * 1024;

function seed(doubles: Awaited<ReturnType<typeof startMentionDoubles>>) {
  const now = Date.now();
  const ago = (index: number) => new Date(now - (index + 1) * 60_000);
  doubles.news.setCap(PER_SOURCE);
  doubles.news.setItems(
    Array.from({ length: PER_SOURCE }, (_, index) => ({
      id: `bench-news-${index}`,
      headline: `Bench Roasters story ${index}: a new blend for the winter`,
      publisher: `Paper ${index % 20}`,
      publisherUrl: `https://paper${index % 20}.example`,
      publishedAt: ago(index),
    })),
  );
  doubles.hn.setItems(
    Array.from({ length: PER_SOURCE }, (_, index) => ({
      id: String(60_000_000 + index),
      kind: index % 3 === 0 ? ('story' as const) : ('comment' as const),
      author: `hn${index}`,
      createdAt: ago(index),
      title: `Bench Roasters publishes its prices (${index})`,
      text: `I have bought from Bench Roasters for years; number ${index} was fine.`,
      points: index,
      comments: 2,
    })),
  );
  doubles.mastodon.setTimeline(
    'alpha.social',
    'benchroasters',
    Array.from({ length: PER_SOURCE }, (_, index) => ({
      id: String(300_000_000 + index),
      uri: `https://alpha.social/users/u${index}/statuses/${300_000_000 + index}`,
      createdAt: ago(PER_SOURCE - index),
      html: `<p>Morning flat white at <a href="#">#BenchRoasters</a>, cup ${index}.</p>`,
      acct: `u${index}`,
      displayName: `User ${index}`,
      favourites: index % 7,
    })),
  );
  doubles.apple.setReviews(
    'gb',
    '1111111111',
    Array.from({ length: PER_SOURCE }, (_, index) => ({
      id: String(80_000 + index),
      author: `Reviewer ${index}`,
      title: `Review ${index}`,
      text: `The app works well for reordering, mostly (${index}).`,
      rating: (index % 5) + 1,
      updated: ago(index),
    })),
  );
}

const PLACE = 'ChIJbenchRoastersPlace0001';

/** The keyed doubles, through their own loaders: 500 generated items each. */
function seedKeyed(keyed: Awaited<ReturnType<typeof startKeyedMentionDoubles>>) {
  const newest = new Date(Date.now() - 60_000);
  keyed.reddit.loadPosts(PER_SOURCE, 'Bench Roasters', newest);
  keyed.bluesky.loadPosts('"Bench Roasters"', PER_SOURCE, newest);
  keyed.youtube.loadVideos(PER_SOURCE, 'Bench Roasters', newest);
  keyed.trustpilot.loadBusiness('benchroasters.example', PER_SOURCE, newest);
  keyed.places.addPlace({
    id: PLACE,
    name: 'Bench Roasters',
    address: '1 Bench Row',
    rating: 4.1,
    userRatingCount: 500,
  });
  keyed.places.loadReviews(PLACE, PER_SOURCE, newest);
}

export async function measureMentionDiscovery() {
  const doubles = await startMentionDoubles();
  const keyed = await startKeyedMentionDoubles();
  seed(doubles);
  seedKeyed(keyed);
  const target = await createWorkingTestApp({ env: { ...keyed.env, ...doubles.env, MENTION_SOURCES_OFF: '' } });
  try {
    const email = 'bench-listening@example.com';
    const cookie = await target.signInAs(email);
    await target.database.db.update(users).set({ planType: 'agency', maxBrands: 5 }).where(eq(users.email, email));
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      target.app.inject({ method, url, payload, headers: { cookie } });
    const brand = (
      await inject('POST', '/api/brands', { name: 'Bench Roasters', websiteUrl: 'https://benchroasters.example' })
    ).json();
    await inject('PUT', `/api/brands/${brand.id}/mention-sources/apple_app_store`, { appleAppIds: ['1111111111'] });
    const place = await inject('PUT', `/api/brands/${brand.id}/google-place`, { placeId: PLACE });
    if (place.statusCode !== 200) throw new Error(`choosing the Google place failed: ${place.body}`);

    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    const started = performance.now();
    const response = await inject('POST', '/api/consumer-insights/discover', { brandId: brand.id });
    const task: TDiscoveryTask = await waitFor(
      async () => (await inject('GET', `/api/consumer-insights/discoveries/${response.json().id}`)).json(),
      (current: TDiscoveryTask) => current.status === 'completed' || current.status === 'failed',
      { intervalMs: 50, timeoutMs: 300_000, what: 'the discovery' },
    );
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (task.status !== 'completed') throw new Error(`the discovery failed: ${task.error}`);
    console.log(`\nListening discovery: 9 sources × ${PER_SOURCE} mentions on loopback doubles`);
    for (const source of task.result?.mentionSources ?? []) {
      const extra = [
        source.duplicates ? `${source.duplicates} duplicates` : '',
        source.error ?? '',
        source.note ?? '',
      ].filter(Boolean);
      console.log(
        `  ${source.label}: ${source.status}, ${source.found} found, ${source.added} added${extra.length ? ` (${extra.join('; ')})` : ''}`,
      );
    }
    console.log(
      `  start to done: ${(ms / 1000).toFixed(2)} s for ${task.result?.added} insights (${Math.round(((task.result?.added ?? 0) / ms) * 1000)} a second)`,
    );
    console.log(
      `  memory: peak resident ${Math.round(peakRss / MB)} MB (+${Math.round((peakRss - before.rss) / MB)} MB over the ${Math.round(before.rss / MB)} MB before), peak heap ${Math.round(peakHeap / MB)} MB (+${Math.round((peakHeap - before.heapUsed) / MB)} MB)`,
    );
  } finally {
    await target.close();
    await doubles.close();
    await keyed.close();
  }

  const figures = scoreLabelledSet();
  console.log(
    `\nRelevance on ${figures.items} labelled search results (${figures.about} about the brand): precision ${figures.precision.toFixed(2)}, recall ${figures.recall.toFixed(2)} (${figures.falsePositives} off-topic kept, ${figures.falseNegatives} missed)`,
  );
  for (const miss of figures.misses) {
    console.log(
      `  ${miss.about ? 'missed' : 'kept'} (${miss.source}, ${miss.subject}, score ${miss.score}): ${miss.text}`,
    );
  }
}

if (process.argv[1]?.endsWith('mention-discovery.ts')) {
  await measureMentionDiscovery();
  process.exit(0);
}
