import { joinWords } from './words.ts';

/** What people read for an audit's areas and score groups: the report page, the PDFs and the recommendations. */
export const areaLabels = {
  website: 'Website',
  socialMedia: 'Social media',
  brandAssets: 'Brand assets',
} as const;

export type TAuditArea = keyof typeof areaLabels;
export const auditAreas = Object.keys(areaLabels) as TAuditArea[];

const groupLabels: Record<string, string> = {
  seoBasics: 'SEO basics',
  accessibility: 'Accessibility',
  toneConsistency: 'Tone consistency',
  handleConsistency: 'Handle consistency',
  profileLinks: 'Profile links',
  profiles: 'Profiles read from their networks',
  postingFrequency: 'Posting frequency',
  toneMatch: 'Tone match',
  visualConsistency: 'Visual consistency',
  colourContrast: 'Colour contrast',
  logoQuality: 'Logo quality',
  fontConsistency: 'Font consistency',
};

/** 'seoBasics' → 'SEO basics'; an unknown key becomes a sentence ('brandVoice' → 'Brand voice'). */
export function groupLabel(key: string): string {
  const known = groupLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const NOT_ENOUGH_MEASURED = 'Not enough measured';

/** ['a colour palette', 'a logo', 'brand fonts'] → 'Add a colour palette, a logo or brand fonts to the brand to measure it.' */
export function toAddSentence(toAdd: readonly string[]): string {
  if (toAdd.length === 0) return 'Too few checks applied to give it a score.';
  return `Add ${joinWords(toAdd, 'or')} to the brand to measure it.`;
}
