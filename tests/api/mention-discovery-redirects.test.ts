import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDiscoveryTask } from '../../src/shared/schemas/insight-sources.ts';
import type { TMentionSourceOutcome } from '../../src/shared/schemas/mention-sources.ts';
import { type ConnectionWatch, watchConnections } from '../helpers/connection-watch.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { type MentionDoubles, seedNorthwindMentions, startMentionDoubles } from '../helpers/mention-sources.ts';
import { setPlan } from '../helpers/seed.ts';

// A configured service (a listed Mastodon instance) that redirects to an internal address: the
// redirect is refused before anything connects to it, and only that source (or instance) fails.

const OWNER = 'listening-redirects@example.com';
let target: WorkingTestApp;
let doubles: MentionDoubles;
/** another service on this machine, which a redirect must not reach */
let internal: Server;
let internalRequests = 0;
let owner: string;
let brandId: string;
let watch: ConnectionWatch;

beforeAll(async () => {
  doubles = await startMentionDoubles();
  seedNorthwindMentions(doubles);
  internal = createServer((_request, response) => {
    internalRequests += 1;
    response.end('[]');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  target = await createWorkingTestApp({ env: doubles.env });
  owner = await target.signInAs(OWNER);
  await setPlan(target.database, OWNER, 'smb');
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie: owner },
    payload: { name: 'Northwind Roasters', websiteUrl: 'https://northwindroasters.example' },
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
}, 60_000);

afterAll(async () => {
  await target?.close();
  await doubles?.close();
  await new Promise((resolve) => internal?.close(resolve));
});

beforeEach(() => {
  watch = watchConnections();
});
afterEach(() => {
  watch.restore();
  for (const domain of ['alpha.social', 'beta.social']) doubles.mastodon.failAlways(`/i/${domain}/`, null);
});

async function discover(): Promise<TDiscoveryTask> {
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/consumer-insights/discover',
    headers: { cookie: owner },
    payload: { brandId },
  });
  expect(started.statusCode, started.body).toBe(202);
  const url = `/api/consumer-insights/discoveries/${started.json().id}`;
  return waitFor(
    async () => (await target.app.inject({ method: 'GET', url, headers: { cookie: owner } })).json(),
    (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the discovery to finish', timeoutMs: 60_000 },
  );
}

const outcome = (task: TDiscoveryTask, kind: string) =>
  task.result?.mentionSources?.find((item) => item.kind === kind) as TMentionSourceOutcome;
const redirectTo = (location: string) => ({ status: 302, headers: { location } });
const attemptsTo = (hosts: string[]) => watch.attempts.filter((attempt) => hosts.includes(attempt.host));

describe('a listed Mastodon instance redirecting to an internal address', () => {
  it('fails alone with the refusal, nothing connects to the address, the other instance is read', async () => {
    doubles.mastodon.failAlways('/i/alpha.social/', redirectTo('http://169.254.169.254/latest/meta-data/'));
    const run = await discover();
    expect(run.status, run.error ?? '').toBe('completed');
    expect(outcome(run, 'mastodon').status).toBe('read');
    expect(outcome(run, 'mastodon').note).toContain(
      'Refused to follow the redirect from Mastodon (alpha.social) to http://169.254.169.254/latest/meta-data/: it points to a cloud metadata address',
    );
    expect(attemptsTo(['169.254.169.254'])).toEqual([]);
  }, 90_000);

  it('fails the source when every instance does, and the other sources are still read', async () => {
    const port = (internal.address() as AddressInfo).port;
    doubles.mastodon.failAlways('/i/alpha.social/', redirectTo('http://10.0.0.1/'));
    doubles.mastodon.failAlways('/i/beta.social/', redirectTo(`http://localhost:${port}/api/v1/instance`));
    const run = await discover();
    expect(run.status, run.error ?? '').toBe('completed');
    expect(outcome(run, 'mastodon')).toMatchObject({
      status: 'failed',
      error:
        'Refused to follow the redirect from Mastodon (alpha.social) to http://10.0.0.1/: it points to a private network address',
    });
    expect(outcome(run, 'news_rss').status).toBe('read');
    expect(outcome(run, 'hacker_news').status).toBe('read');
    expect(attemptsTo(['10.0.0.1', 'localhost'])).toEqual([]);
    expect(internalRequests).toBe(0);
  }, 90_000);
});
