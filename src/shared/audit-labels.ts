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

/** Said in the social media area's coverage when no declared profile was read from its network. */
export const NO_PROFILE_READ = 'no profile read from its network';

/**
 * ['a colour palette', 'a logo', 'brand fonts'] → 'Add a colour palette, a logo or brand fonts to the brand to measure it.'
 * With nothing to add, the reason the area is not scored: too few checks, or (given the area's coverage text)
 * no profile could be read from its network.
 */
export function toAddSentence(toAdd: readonly string[], coverage?: string): string {
  if (toAdd.length === 0) {
    return coverage?.endsWith(NO_PROFILE_READ)
      ? 'No declared profile could be read from its network this time; each one says why under Social profiles read.'
      : 'Too few checks applied to give it a score.';
  }
  return `Add ${joinWords(toAdd, 'or')} to the brand to measure it.`;
}
