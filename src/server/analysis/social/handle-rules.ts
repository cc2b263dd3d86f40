/** The username rules of each network a brand declares a handle on. */
import type { DeclarablePlatform } from './handles.ts';

/**
 * Each platform's own username rules, from its help pages: the characters a username may hold, its
 * length, and what the platform ignores when it matches one username to an account. Every one of
 * them matches letters without regard to case. Only Facebook ignores a character: 'john.smith' and
 * 'johnsmith' are one account there. Everywhere else punctuation is part of the name, so
 * 'acme_coffee' and 'acmecoffee' are two different accounts on Instagram, X and TikTok.
 *
 * - Instagram: letters, digits, '.' and '_'; at most 30 characters.
 * - X (Twitter): letters, digits and '_'; at most 15 characters.
 * - TikTok: letters, digits, '_' and '.'; 2 to 24 characters.
 * - LinkedIn (the vanity part of a /company/ or /in/ URL): letters, digits and '-'; 3 to 100 characters.
 * - Facebook: letters, digits and '.'; at least 5 characters; periods are ignored in matching.
 * - Bluesky: a domain name ('brand.bsky.social', 'brand.com'); compared elsewhere by its name (see
 *   blueskyName): letters, digits and '-'.
 * - Mastodon: 'user@instance'; the user part is letters, digits and '_' (at most 30), and is what is
 *   compared with other networks (the instance is where the account lives, not its name).
 * - YouTube: '@handle', 3 to 30 letters, digits, '_', '-' and '.'.
 *
 * Bluesky, Mastodon and YouTube handles are refused at input unless their shared parser accepts
 * them (src/shared/social-handles.ts), so these patterns restate that rule for the valid-handle check.
 */
export const HANDLE_RULES: Record<
  DeclarablePlatform,
  { pattern: RegExp; rule: string; punctuation: string; ignored: string }
> = {
  instagram: {
    pattern: /^[a-z0-9._]{1,30}$/,
    rule: 'letters, digits, . and _, at most 30 characters',
    punctuation: '._',
    ignored: '',
  },
  twitter: {
    pattern: /^[a-z0-9_]{1,15}$/,
    rule: 'letters, digits and _, at most 15 characters',
    punctuation: '_',
    ignored: '',
  },
  tiktok: {
    pattern: /^[a-z0-9._]{2,24}$/,
    rule: 'letters, digits, . and _, 2 to 24 characters',
    punctuation: '._',
    ignored: '',
  },
  linkedin: {
    pattern: /^[\p{L}\p{N}-]{3,100}$/u,
    rule: 'letters, digits and -, 3 to 100 characters',
    punctuation: '-',
    ignored: '',
  },
  facebook: {
    pattern: /^(?:[a-z0-9.]{5,50}|id:\d+)$/,
    rule: 'letters, digits and ., 5 to 50 characters',
    punctuation: '.',
    ignored: '.',
  },
  bluesky: {
    pattern: /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/,
    rule: 'a domain name, like brand.bsky.social',
    punctuation: '-',
    ignored: '',
  },
  mastodon: {
    pattern: /^[a-z0-9_]{1,30}@[a-z0-9.-]+$/,
    rule: 'user@instance, the user being letters, digits and _',
    punctuation: '_',
    ignored: '',
  },
  youtube: {
    pattern: /^[\p{L}\p{N}_.-]{3,30}$/u,
    rule: 'letters, digits, _, - and ., 3 to 30 characters',
    punctuation: '_.-',
    ignored: '',
  },
};
