/**
 * How a report names an ad it cites, on the screen, in the PDF and in the findings. An ad's own
 * words name it where it has them. TikTok's ad query returns no ad text at all (decision 0026), so
 * a TikTok ad is named by its id in TikTok's library and says why it has no words, rather than
 * passing for an ad someone left untitled.
 */

/** 'TikTok ad 1790001 (no text in TikTok's library)' */
export const tiktokAdName = (adId: string | null | undefined) =>
  `${adId ? `TikTok ad ${adId}` : 'TikTok ad'} (no text in TikTok's library)`;

type NamedAd = { platform: string; adId?: string | null; title: string | null; excerpt: string | null };

/** The ad's title or first words (in quotes when `quoted`), else a name that says why it has none. */
export function citedAdName(ad: NamedAd, { quoted = false }: { quoted?: boolean } = {}): string {
  const words = ad.title ?? ad.excerpt;
  if (words) return quoted ? `“${words}”` : words;
  return ad.platform === 'tiktok' ? tiktokAdName(ad.adId) : 'Untitled ad';
}
