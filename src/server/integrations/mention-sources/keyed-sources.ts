/**
 * The mention sources that need an operator's key or credentials, for the registry. Each is off
 * (availability() says what to set) while its variables are unset.
 *
 * Built once per configuration and then reused: Reddit's token, Bluesky's session (createSession is
 * limited to 30 per 5 minutes) and YouTube's count of the day's quota units live in the source, so
 * a registry asking for the list on every run still shares them.
 */
import type { OutsideServicesConfig } from '../../outside-services-config.ts';
import { createBlueskyMentionSource } from './bluesky/bluesky-source.ts';
import { createGooglePlacesMentionSource } from './google-places/google-places-source.ts';
import type { MentionSource } from './mention-source.ts';
import { createRedditMentionSource } from './reddit/reddit-source.ts';
import { createTrustpilotMentionSource } from './trustpilot/trustpilot-source.ts';
import { createYoutubeMentionSource } from './youtube/youtube-source.ts';

const built = new WeakMap<OutsideServicesConfig, MentionSource[]>();

export function keyedMentionSources(config: { services: OutsideServicesConfig }): MentionSource[] {
  const known = built.get(config.services);
  if (known) return known;
  const sources = [
    createRedditMentionSource(config.services.reddit),
    createBlueskyMentionSource(config.services.bluesky),
    createYoutubeMentionSource(config.services.youtube),
    createTrustpilotMentionSource(config.services.trustpilot),
    createGooglePlacesMentionSource(config.services.googlePlaces),
  ];
  built.set(config.services, sources);
  return sources;
}
