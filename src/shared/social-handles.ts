/**
 * Handles of the networks whose profiles the audit reads (Bluesky, Mastodon, YouTube), read the way
 * people type them: with or without '@', or as a profile link. Shared by the brand form and the
 * server, so both accept and reject the same values with the same words.
 */

/** A Bluesky handle is a domain name: 'brand.bsky.social' or the brand's own 'example.com'. */
const BLUESKY_HANDLE = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** Mastodon usernames: letters, digits and '_' (up to 30); the instance is a domain name. */
const MASTODON_USER = /^[a-z0-9_]{1,30}$/;
const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/;
/** YouTube handles: 3 to 30 letters, digits, '_', '-' and '.'. */
const YOUTUBE_HANDLE = /^[\p{L}\p{N}_.-]{3,30}$/u;

export const SOCIAL_HANDLE_MESSAGES = {
  bluesky: 'Enter the Bluesky handle as a domain name, like yourbrand.bsky.social',
  mastodon: 'Enter the Mastodon handle as user@instance, like yourbrand@mastodon.social',
  youtube: 'Enter the YouTube handle as @yourbrand: 3 to 30 letters, digits, _, - or .',
} as const;

function asUrl(value: string): URL | null {
  if (!/^(https?:\/\/|www\.)/i.test(value) && !/^[a-z0-9.-]+\.[a-z]{2,}\//i.test(value)) return null;
  try {
    return new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
}

/** 'brand.bsky.social' from '@brand.bsky.social' or https://bsky.app/profile/brand.bsky.social; null when not a handle. */
export function parseBlueskyHandle(raw: string): string | null {
  const value = raw.trim();
  const url = asUrl(value);
  let handle = value.replace(/^@/, '');
  if (url) {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    if (url.hostname.replace(/^www\./, '') !== 'bsky.app' || first !== 'profile' || !second) return null;
    handle = second;
  }
  handle = handle.toLowerCase();
  return BLUESKY_HANDLE.test(handle) ? handle : null;
}

export type MastodonAccount = { user: string; instance: string };

/** { user, instance } from 'brand@mastodon.social', '@brand@mastodon.social' or https://mastodon.social/@brand. */
export function parseMastodonHandle(raw: string): MastodonAccount | null {
  const value = raw.trim();
  const url = asUrl(value);
  let user: string;
  let instance: string;
  if (url) {
    const first = url.pathname.split('/').filter(Boolean)[0] ?? '';
    if (!first.startsWith('@') || first.slice(1).includes('@')) return null;
    user = first.slice(1);
    instance = url.hostname;
  } else {
    const parts = value.replace(/^@/, '').split('@');
    if (parts.length !== 2) return null;
    [user, instance] = parts as [string, string];
  }
  user = user.toLowerCase();
  instance = instance.toLowerCase();
  return MASTODON_USER.test(user) && DOMAIN.test(instance) ? { user, instance } : null;
}

/** 'yourbrand' from '@yourbrand' or https://www.youtube.com/@yourbrand. */
export function parseYoutubeHandle(raw: string): string | null {
  const value = raw.trim();
  const url = asUrl(value);
  let handle = value;
  if (url) {
    if (!/^(www\.|m\.)?youtube\.com$/i.test(url.hostname)) return null;
    handle = url.pathname.split('/').filter(Boolean)[0] ?? '';
    if (!handle.startsWith('@')) return null;
  }
  handle = handle.replace(/^@/, '');
  return YOUTUBE_HANDLE.test(handle) ? handle.toLowerCase() : null;
}
