import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { keyedMentionSources } from './keyed-sources.ts';
import { NOT_AVAILABLE_ON_THIS_SERVER } from './mention-source.ts';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:5000', ...env });

describe('keyedMentionSources', () => {
  it('lists the five keyed sources, each off with what to set while its variables are unset', () => {
    const sources = keyedMentionSources(config());
    expect(sources.map((source) => source.kind)).toEqual([
      'reddit',
      'bluesky',
      'youtube',
      'trustpilot',
      'google_places',
    ]);
    expect(sources.map((source) => source.availability())).toEqual([
      {
        available: false,
        reason: NOT_AVAILABLE_ON_THIS_SERVER,
        adminHint: 'Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
      },
      {
        available: false,
        reason: NOT_AVAILABLE_ON_THIS_SERVER,
        adminHint: 'Set BLUESKY_IDENTIFIER and BLUESKY_APP_PASSWORD',
      },
      { available: false, reason: NOT_AVAILABLE_ON_THIS_SERVER, adminHint: 'Set YOUTUBE_API_KEY' },
      { available: false, reason: NOT_AVAILABLE_ON_THIS_SERVER, adminHint: 'Set TRUSTPILOT_API_KEY' },
      { available: false, reason: NOT_AVAILABLE_ON_THIS_SERVER, adminHint: 'Set GOOGLE_PLACES_API_KEY' },
    ]);
  });

  it('turns each on with its credentials, and gives the same instances for the same configuration', () => {
    const configured = config({
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      REDDIT_USERNAME: '/u/ops',
      BLUESKY_IDENTIFIER: 'brand.bsky.social',
      BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
      YOUTUBE_API_KEY: 'key',
      YOUTUBE_DAILY_QUOTA_UNITS: '20000',
      TRUSTPILOT_API_KEY: 'key',
      GOOGLE_PLACES_API_KEY: 'key',
    });
    const sources = keyedMentionSources(configured);
    expect(sources.every((source) => source.availability().available)).toBe(true);
    expect(keyedMentionSources(configured)).toBe(sources);
    expect(configured.services.reddit.username).toBe('ops');
    expect(configured.services.youtube.dailyQuotaUnits).toBe(20_000);
  });
});
