/**
 * The brand's own pictures a profile picture is compared with: the uploaded logo, and the website's
 * icon (its apple-touch-icon, or a PNG, JPEG, WebP or SVG icon it declares; .ico files are not read).
 */
import type { LogoFile } from '../brand-assets/index.ts';
import type { SiteSnapshot } from '../types.ts';
import { htmlPagesOf, resolveUrl } from '../website/pages.ts';
import type { ReferenceImage } from './profile-checks.ts';
import { hashImage, hashImageAt } from './read-profiles.ts';

export function siteIconUrl(snapshot: SiteSnapshot): string | null {
  const home = htmlPagesOf(snapshot)[0];
  if (!home) return null;
  const candidates: string[] = [];
  home.$('link[rel][href]').each((_, element) => {
    const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
    const href = element.attribs.href ?? '';
    if (rel.includes('apple-touch-icon')) candidates.unshift(href);
    else if (rel.includes('icon') && !/\.ico(\?|$)/i.test(href)) candidates.push(href);
  });
  for (const href of candidates) {
    const url = resolveUrl(href, home.url);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  }
  return null;
}

export async function referenceImages(
  logo: (LogoFile & { url?: string | null }) | null,
  snapshot: SiteSnapshot | null,
  options: { allowLoopback: boolean; signal?: AbortSignal },
): Promise<ReferenceImage[]> {
  const references: ReferenceImage[] = [];
  if (logo) {
    // sharp reads SVG logos too: they are drawn before hashing
    const hashed = await hashImage(logo.buffer);
    if ('hash' in hashed) references.push({ ...hashed, source: 'logo', url: logo.url ?? null });
  }
  const icon = snapshot ? siteIconUrl(snapshot) : null;
  if (icon) {
    const hashed = await hashImageAt(icon, options);
    if ('hash' in hashed) references.push({ ...hashed, source: 'website icon', url: icon });
  }
  return references;
}
