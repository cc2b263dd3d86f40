/**
 * Reads every declared profile of a network that publishes an API for it, all networks at once (the
 * audit starts this before its crawl, so reads and crawl overlap), and fetches each profile
 * picture for the logo comparison. Networks are independent: one that fails is not measured with
 * its reason and the others go on.
 */
import { parseBlueskyHandle, parseMastodonHandle, parseYoutubeHandle } from '../../../shared/social-handles.ts';
import type { Config } from '../../config.ts';
import { BlueskyProfileSource } from '../../integrations/social-profiles/bluesky/bluesky-profile-source.ts';
import { MastodonProfileSource } from '../../integrations/social-profiles/mastodon/mastodon-profile-source.ts';
import { MetaProfileSource } from '../../integrations/social-profiles/meta/meta-profile-source.ts';
import {
  isProfile,
  type ProfileNetwork,
  type ProfileRead,
  type ProfileSource,
} from '../../integrations/social-profiles/profile-source.ts';
import { YoutubeProfileSource } from '../../integrations/social-profiles/youtube/youtube-profile-source.ts';
import { safeFetch } from '../fetch/safe-fetch.ts';
import { POSTING_WINDOW_DAYS } from './activity.ts';
import { declaredProfile } from './handles.ts';
import { differenceHash, thumbnailDataUrl } from './image-hash.ts';

export type ProfileHandles = {
  blueskyHandle?: string | null;
  mastodonHandle?: string | null;
  youtubeHandle?: string | null;
  facebookHandle?: string | null;
  instagramHandle?: string | null;
};

export type HashedImage = { hash: string; thumbnail: string };

export type ProfileReadResult = {
  network: ProfileNetwork;
  /** what the brand declared */
  declared: string;
  read: ProfileRead;
  /** the profile picture as hashed, or why it could not be */
  avatar: HashedImage | { error: string } | null;
  /** how long the network's reads took */
  durationMs: number;
};

const DAY_MS = 86_400_000;

/** The handle each network's API takes, from what the brand declared; null when it is not one. */
function handlesToRead(brand: ProfileHandles): { network: ProfileNetwork; declared: string; handle: string | null }[] {
  const entries: { network: ProfileNetwork; declared: string; handle: string | null }[] = [];
  const add = (network: ProfileNetwork, declared: string | null | undefined, parse: (raw: string) => string | null) => {
    const value = declared?.trim();
    if (value) entries.push({ network, declared: value, handle: parse(value) });
  };
  add('bluesky', brand.blueskyHandle, parseBlueskyHandle);
  add('mastodon', brand.mastodonHandle, (raw) => {
    const account = parseMastodonHandle(raw);
    return account ? `${account.user}@${account.instance}` : null;
  });
  add('youtube', brand.youtubeHandle, parseYoutubeHandle);
  add('facebook', brand.facebookHandle, (raw) => {
    const handle = declaredProfile('facebook', raw)?.profile?.handle ?? null;
    return handle?.startsWith('id:') ? handle.slice(3) : handle;
  });
  add('instagram', brand.instagramHandle, (raw) => declaredProfile('instagram', raw)?.profile?.handle ?? null);
  return entries;
}

export function profileSourcesFrom(config: Config): Record<ProfileNetwork, ProfileSource> {
  const services = config.services;
  const meta = {
    graphUrl: config.metaAdLibrary.graphUrl,
    token: services.metaGraph.token ?? config.metaAdLibrary.token,
  };
  return {
    bluesky: new BlueskyProfileSource(services.bluesky.appviewUrl),
    mastodon: new MastodonProfileSource(services.mastodon.instances, config.crawlerAllowLoopback),
    youtube: new YoutubeProfileSource(services.youtube.apiUrl, services.youtube.apiKey),
    facebook: new MetaProfileSource('facebook', meta),
    instagram: new MetaProfileSource('instagram', meta),
  };
}

export async function readProfiles(
  brand: ProfileHandles,
  options: {
    sources: Record<ProfileNetwork, ProfileSource>;
    allowLoopback: boolean;
    now?: Date;
    signal?: AbortSignal;
  },
): Promise<ProfileReadResult[]> {
  const since = new Date((options.now ?? new Date()).getTime() - POSTING_WINDOW_DAYS * DAY_MS);
  return Promise.all(
    handlesToRead(brand).map(async ({ network, declared, handle }): Promise<ProfileReadResult> => {
      const started = performance.now();
      const read: ProfileRead = handle
        ? await options.sources[network].read(handle, { since, signal: options.signal }).catch(() => ({
            notMeasured: 'Not measured: the profile could not be read',
            handle,
            fetchedAt: new Date().toISOString(),
          }))
        : {
            notMeasured: 'Not measured: the declared handle is not a valid handle',
            handle: declared,
            fetchedAt: new Date().toISOString(),
          };
      const avatar = isProfile(read) && read.avatarUrl ? await hashImageAt(read.avatarUrl, options) : null;
      return { network, declared, read, avatar, durationMs: Math.round(performance.now() - started) };
    }),
  );
}

/** The image at a URL hashed; any address goes through safeFetch (avatars live on hosts the network chooses). */
export async function hashImageAt(
  url: string,
  options: { allowLoopback: boolean; signal?: AbortSignal },
): Promise<HashedImage | { error: string }> {
  try {
    const response = await safeFetch(url, {
      allowLoopback: options.allowLoopback,
      accept: 'image/*',
      maxBytes: 5 * 1024 * 1024,
      signal: options.signal,
    });
    if (response.status < 200 || response.status >= 300)
      return { error: `The picture answered HTTP ${response.status}` };
    return await hashImage(response.body);
  } catch (error) {
    return {
      error:
        error instanceof Error && error.name === 'FetchRefusedError' ? error.message : 'The picture could not be read',
    };
  }
}

export async function hashImage(image: Buffer): Promise<HashedImage | { error: string }> {
  try {
    return { hash: await differenceHash(image), thumbnail: await thumbnailDataUrl(image) };
  } catch {
    return { error: 'The picture is not an image we can read' };
  }
}
