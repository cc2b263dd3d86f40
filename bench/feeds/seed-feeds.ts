/**
 * Seeds a feed-sized tenant for the feed bench, by the database itself (INSERT ... SELECT
 * generate_series): an agency account with one brand of `mentions` mentions over the last 90 days
 * (a fifth about its five competitors, mixed sources, channels, sentiments, ratings and
 * engagement) and `ads` ads across the five competitors, plus a second tenant with a small brand,
 * so every query has other tenants' rows to skip. Returns the ids and a signed session cookie.
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { brands, competitors, sessions, users } from '../../src/server/db/schema/index.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../src/server/http/session.ts';
import { plans } from '../../src/shared/plans.ts';

export type SeededFeeds = { brandId: string; competitorIds: string[]; cookie: string; otherBrandId: string };

const SENTENCES = [
  'The flat white at the Leeds roastery was superb, smooth and rich',
  'Waited forty minutes for a delivery that never came, really disappointed',
  'Ordered the house blend beans again this week',
  'Staff were friendly and the café felt cosy on a rainy afternoon',
  'Prices have gone up a lot and the bag was smaller than last month',
  'Does anyone know if they open on Sunday mornings',
  'Best espresso in town, no contest, will be back',
  'The app crashed twice while I was paying, had to queue again',
  'New seasonal menu looks interesting, trying the chai tomorrow',
  'Refund still not processed after three weeks, customer service ignores emails',
  'Crème brûlée latte was far too sweet for me',
  'Loved the oat milk cortado and the pastry selection',
];

async function seedAccount(database: DatabaseHandle, email: string, brandName: string) {
  const [user] = await database.db
    .insert(users)
    .values({ email, planType: 'agency', maxBrands: plans.agency.limits.brands })
    .returning();
  const [brand] = await database.db
    .insert(brands)
    .values({ userId: user!.id, name: brandName, websiteUrl: 'https://northwind.example' })
    .returning();
  return { user: user!, brand: brand! };
}

async function seedMentions(
  database: DatabaseHandle,
  target: { brandId: string; userId: string; competitorIds: string[] },
  total: number,
) {
  const sentences = sql.raw(`array[${SENTENCES.map((text) => `'${text.replaceAll("'", "''")}'`).join(',')}]`);
  const competitorArray = target.competitorIds.length
    ? sql.raw(`array[${target.competitorIds.map((id) => `'${id}'::uuid`).join(',')}]`)
    : sql.raw('array[]::uuid[]');
  const competitorCount = target.competitorIds.length;
  // one statement per 100,000 rows keeps each transaction short
  for (let start = 1; start <= total; start += 100_000) {
    const end = Math.min(total, start + 99_999);
    await database.db.execute(sql`
      insert into consumer_insights (brand_id, user_id, competitor_id, source, platform, channel, content,
        sentiment, sentiment_score, confidence, author_name, author_handle, engagement_metrics, engagement,
        rating, relevance_score, is_relevant, collected_at, source_url)
      select ${target.brandId}::uuid, ${target.userId}::uuid,
        case when ${competitorCount} > 0 and g % 5 = 0 then (${competitorArray})[1 + (g / 5) % greatest(${competitorCount}, 1)] end,
        (array['social_media','reviews','feedback','social_media'])[1 + g % 4],
        (array['Reddit','Bluesky','Trustpilot','Hacker News','Mastodon','YouTube','Google News','Leeds Coffee Blog'])[1 + g % 8],
        (array['forum','social','reviews','forum','social','video','news','blog'])[1 + g % 8],
        (${sentences})[1 + g % ${SENTENCES.length}] || ' #' || g,
        (array['positive','negative','neutral'])[1 + (g * 7) % 3],
        (array[4, 2, 3])[1 + (g * 7) % 3],
        0.7,
        'Author ' || (g % 5000), '@author' || (g % 5000),
        jsonb_build_object('likes', g % 97, 'replies', g % 13),
        (g % 97) + (g % 13),
        case when g % 4 = 1 then 1 + g % 5 end,
        0.9, g % 50 <> 0,
        now() - (g::float8 / ${total}) * 90 * interval '1 day',
        'https://example.com/mention/' || g
      from generate_series(${start}::int, ${end}::int) as g`);
  }
}

async function seedAds(database: DatabaseHandle, userId: string, competitorIds: string[], total: number) {
  const competitorArray = sql.raw(`array[${competitorIds.map((id) => `'${id}'::uuid`).join(',')}]`);
  await database.db.execute(sql`
    insert into ad_library_entries (competitor_id, user_id, platform, ad_id, ad_title, ad_text, is_active,
      first_seen_at, last_seen_at, source, meta_media_type)
    select (${competitorArray})[1 + g % ${competitorIds.length}], ${userId}::uuid,
      (array['meta','tiktok','google','meta'])[1 + g % 4], 'bench-' || g,
      (array['Spring sale: 20% off all loaves','Order before 18 December','Find your nearest shop','Fresh coffee delivered'])[1 + g % 4] || ' ' || g,
      (array['Handmade in our Leeds workshop.','Book a tasting today.','Café-quality espresso at home.','Free delivery over £30.'])[1 + g % 4],
      g % 3 <> 0,
      now() - ((g % 365) || ' days')::interval,
      case when g % 3 = 0 then now() - ((g % 30) || ' days')::interval end,
      (array['meta','tiktok','manual','meta'])[1 + g % 4],
      (array['image','video','meme','none'])[1 + g % 4]
    from generate_series(1, ${total}) as g`);
}

export async function seedFeeds(
  database: DatabaseHandle,
  sizes: { mentions: number; ads: number },
  sessionSecret: string,
): Promise<SeededFeeds> {
  const { user, brand } = await seedAccount(database, 'feeds-bench@brandlens.local', 'Northwind Roasters');
  const rivals = await database.db
    .insert(competitors)
    .values(
      ['Fabrikam', 'Contoso Coffee', 'Bean There', 'Grind House', 'Tailspin Tea'].map((name) => ({
        userId: user.id,
        brandId: brand.id,
        name,
      })),
    )
    .returning();
  const competitorIds = rivals.map((rival) => rival.id);
  await seedMentions(database, { brandId: brand.id, userId: user.id, competitorIds }, sizes.mentions);
  await seedAds(database, user.id, competitorIds, sizes.ads);
  const other = await seedAccount(database, 'feeds-bench-other@brandlens.local', 'Other Tenant Bakery');
  await seedMentions(database, { brandId: other.brand.id, userId: other.user.id, competitorIds: [] }, 10_000);
  // What autovacuum does on a served database after a bulk load: statistics, and the visibility map
  // that lets counts read the index alone.
  await database.db.execute(sql`vacuum analyze consumer_insights`);
  await database.db.execute(sql`vacuum analyze ad_library_entries`);
  const sid = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ sid, sess: { userId: user.id }, expire: new Date(Date.now() + SESSION_TTL_MS) });
  const cookie = `${SESSION_COOKIE}=${encodeURIComponent(fastifyCookie.sign(sid, sessionSecret))}`;
  return { brandId: brand.id, competitorIds, cookie, otherBrandId: other.brand.id };
}
