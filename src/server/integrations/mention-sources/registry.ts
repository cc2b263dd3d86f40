/**
 * Every source of mentions found by name, built from the configuration. A source that cannot run
 * on this server (no credentials) is still listed and says so through availability(): users see
 * "not available on this server", administrators what to set.
 *
 * Adding a source: its class in its folder, one line in SOURCE_FACTORIES (keyless) or in
 * keyed-sources.ts (sources that need the operator's credentials).
 */
import type { OutsideServicesConfig } from '../../outside-services-config.ts';
import type { RetryPolicy } from '../http/fetch-service.ts';
import { AppleAppStoreSource } from './apple-app-store/apple-app-store-source.ts';
import { HackerNewsSource } from './hacker-news/hacker-news-source.ts';
import { keyedMentionSources } from './keyed-sources.ts';
import { MastodonSource } from './mastodon/mastodon-source.ts';
import { type MentionSource, NOT_AVAILABLE_ON_THIS_SERVER } from './mention-source.ts';
import { NewsRssSource } from './news-rss/news-rss-source.ts';

export type MentionSourceDeps = {
  /** Tests: a shorter retry policy and a wait without a real timer. */
  retry?: RetryPolicy;
  wait?: (ms: number) => Promise<unknown>;
};

type SourceFactory = (services: OutsideServicesConfig, deps: MentionSourceDeps) => MentionSource;

const SOURCE_FACTORIES: readonly SourceFactory[] = [
  (services, deps) => new NewsRssSource(services.newsRss, deps.retry, deps.wait),
  (services, deps) => new HackerNewsSource(services.hackerNews, deps.retry, deps.wait),
  (services, deps) => new MastodonSource(services.mastodon.instances, deps.retry, deps.wait),
  (services, deps) => new AppleAppStoreSource(services.appleRss, deps.retry, deps.wait),
];

/** A source the operator turned off (MENTION_SOURCES_OFF): listed, never read. */
function offOnThisServer(source: MentionSource): MentionSource {
  return {
    kind: source.kind,
    label: source.label,
    availability: () => ({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: `Remove ${source.kind} from MENTION_SOURCES_OFF to use it.`,
    }),
    search: () => Promise.reject(new Error(`${source.label} is turned off on this server`)),
  };
}

/** Every mention source, in the order the Sources card lists them. */
export function mentionSourcesFor(
  config: { services: OutsideServicesConfig },
  deps: MentionSourceDeps = {},
): MentionSource[] {
  const off = new Set(config.services.mentionSourcesOff);
  const keyless = SOURCE_FACTORIES.map((factory) => factory(config.services, deps));
  return [...keyless, ...keyedMentionSources(config)].map((source) =>
    off.has(source.kind) ? offOnThisServer(source) : source,
  );
}
