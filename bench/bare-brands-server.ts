/**
 * The floor for GET /api/brands: node:http and pg with nothing else, doing what the product does
 * for that request: check the signed session cookie (HMAC-SHA256, as @fastify/cookie signs it),
 * then four queries (session, user, agency team membership with the agencies' plans, brands with
 * each one's position among its owner's brands) and a JSON answer of the same shape, each brand
 * read-only when it is beyond its owner's plan's brands (the plan's message, from src/shared).
 * Plans with an access period (Starter) are not handled: the bench seeds an Agency account.
 * bench/api-overhead.ts compares the real app against it.
 *
 * Runs on its own: `node bench/bare-brands-server.ts` with DATABASE_URL, SESSION_SECRET and PORT.
 * Prints `listening <port>` once it accepts connections.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { readOnlyBrandMessage } from '../src/shared/plan-messages.ts';
import type { PlanKey } from '../src/shared/plans.ts';

const SESSION_COOKIE = 'brandlens.sid';

type BrandRow = {
  id: string;
  user_id: string;
  name: string;
  website_url: string | null;
  instagram_handle: string | null;
  twitter_handle: string | null;
  linkedin_handle: string | null;
  tiktok_handle: string | null;
  facebook_handle: string | null;
  bluesky_handle: string | null;
  mastodon_handle: string | null;
  youtube_handle: string | null;
  logo_url: string | null;
  colour_palette: string[];
  fonts: string[];
  assets: unknown[];
  ad_market: string;
  ad_markets: string[] | null;
  render_mode: string;
  created_at: Date;
  position: number;
};

type Owner = { id: string; plan_type: PlanKey; max_brands: number };

/** The sid inside a `brandlens.sid` cookie whose signature matches the secret, else undefined. */
export function signedSid(cookieHeader: string | undefined, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const signed = decodeURIComponent(part.slice(separator + 1).trim());
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const value = signed.slice(0, dot);
    const actual = Buffer.from(signed.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64').replace(/=/g, ''));
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? value : undefined;
  }
  return undefined;
}

function brandDto(row: BrandRow, owner: Owner | undefined) {
  const readOnlyReason =
    owner && row.position > owner.max_brands ? readOnlyBrandMessage(owner.plan_type, row.name, owner.max_brands) : null;
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    websiteUrl: row.website_url,
    instagramHandle: row.instagram_handle,
    twitterHandle: row.twitter_handle,
    linkedinHandle: row.linkedin_handle,
    tiktokHandle: row.tiktok_handle,
    facebookHandle: row.facebook_handle,
    blueskyHandle: row.bluesky_handle,
    mastodonHandle: row.mastodon_handle,
    youtubeHandle: row.youtube_handle,
    logoUrl: row.logo_url,
    colourPalette: row.colour_palette,
    fonts: row.fonts,
    assets: row.assets,
    adMarket: row.ad_market,
    adMarkets: row.ad_markets?.length ? row.ad_markets : [row.ad_market],
    renderMode: row.render_mode,
    createdAt: row.created_at.toISOString(),
    readOnly: readOnlyReason !== null,
    readOnlyReason,
  };
}

async function listBrands(pool: pg.Pool, sid: string) {
  const session = await pool.query<{ sess: { userId?: string }; expire: Date }>(
    'select sess, expire from sessions where sid = $1',
    [sid],
  );
  const userId = session.rows[0] && session.rows[0].expire.getTime() > Date.now() ? session.rows[0].sess.userId : null;
  if (!userId) return null;
  const user = await pool.query<Owner & { email: string }>('select * from users where id = $1', [userId]);
  const found = user.rows[0];
  if (!found) return null;
  const agencies = await pool.query<Owner>(
    `select u.id, u.plan_type, u.max_brands from agency_team_members m join users u on u.id = m.agency_user_id
     where m.member_email = $1 and m.is_active and u.plan_type = 'agency' order by m.created_at`,
    [found.email.toLowerCase()],
  );
  const owners = new Map<string, Owner>([[found.id, found]]);
  for (const agency of agencies.rows) if (!owners.has(agency.id)) owners.set(agency.id, agency);
  const brands = await pool.query<BrandRow>(
    `select *, cast(row_number() over (partition by user_id order by created_at, id) as integer) as position
     from brands where user_id = any($1) order by created_at`,
    [[...owners.keys()]],
  );
  return brands.rows.map((row) => brandDto(row, owners.get(row.user_id)));
}

export function startBareBrandsServer(options: { databaseUrl: string; sessionSecret: string; port: number }) {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || request.url !== '/api/brands') return reply(404, { message: 'Not found' });
    const sid = signedSid(request.headers.cookie, options.sessionSecret);
    if (!sid) return reply(401, { message: 'Unauthorized' });
    listBrands(pool, sid).then(
      (brands) => (brands ? reply(200, brands) : reply(401, { message: 'Unauthorized' })),
      (error: Error) => reply(500, { message: error.message }),
    );
  });
  return new Promise<{ port: number; close(): Promise<void> }>((resolve) => {
    server.listen(options.port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: async () => {
          await new Promise((done) => server.close(done));
          await pool.end();
        },
      });
    });
  });
}

if (import.meta.main) {
  const { DATABASE_URL, SESSION_SECRET, PORT } = process.env;
  if (!DATABASE_URL || !SESSION_SECRET) throw new Error('DATABASE_URL and SESSION_SECRET are required');
  const server = await startBareBrandsServer({
    databaseUrl: DATABASE_URL,
    sessionSecret: SESSION_SECRET,
    port: Number(PORT ?? 0),
  });
  console.log(`listening ${server.port}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
