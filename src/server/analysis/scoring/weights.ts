/**
 * Every check's weight, category, estimated hours and recommendation text, in one table (the website
 * area's entries are in weights-website.ts). The
 * scoring maths is in score.ts; docs/scoring.md shows this table to users (update it with this file).
 *
 * SEO weights follow Lighthouse's SEO category: is-crawlable weighs 93/23 ≈ 4.04 (Lighthouse's own
 * figure, chosen so that failing it fails the category) and every other Lighthouse audit 1. On top
 * of the weight, failing is-crawlable sets the SEO basics score to 0, as the design asks. Our own
 * checks weigh 1 unless stated. axe-core rules weigh by axe's impact, and so do the accessibility
 * checks we compute ourselves under an axe rule id (a11y.color-contrast from the CSS cascade: serious,
 * 2; landmark-one-main and page-has-heading-one, judged without axe: moderate, 1).
 *
 * Recommendation texts are templates: {summary} is the check's measured summary, {examples} up to
 * three affected URLs or items, {help} and {helpUrl} axe's text for accessibility rules.
 */
import type { CheckResult } from '../types.ts';
import { type AxeImpact, axeRuleInfo } from '../website/axe-rules.ts';
import type { Category, CheckWeight } from './check-weight.ts';
import { WEBSITE_CHECK_WEIGHTS } from './weights-website.ts';

export type { Category, CheckWeight } from './check-weight.ts';

export { IS_CRAWLABLE_WEIGHT } from './weights-website.ts';

export const CHECK_WEIGHTS: Record<string, CheckWeight> = {
  ...WEBSITE_CHECK_WEIGHTS,
  // ---- socialMedia
  'social.handle-consistency': {
    weight: 2,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Use the same handle on every platform',
      description:
        'One handle everywhere makes the brand easy to find and tag. Where you can, rename the accounts that differ. Measured: {summary}.',
    },
  },
  'social.handle-valid': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 0.25,
    recommendation: {
      title: 'Correct the declared social handles',
      description:
        'Some declared handles cannot be usernames on their platform. Check them in the brand settings. Measured: {summary}. Details: {examples}.',
    },
  },
  'social.profile-links': {
    weight: 2,
    category: 'Social Media',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Link to your social profiles from your website',
      description:
        'Visitors look for social links in the header or footer. Add a link to each profile. Measured: {summary}. Missing: {examples}.',
    },
  },
  'social.profile-links-match': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Point social links to your current profiles',
      description:
        'The website links to profiles that differ from the handles declared for the brand. Update the links (or the brand settings). Measured: {summary}. Links: {examples}.',
    },
  },
  'social.feed-frequency': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 4,
    recommendation: {
      title: 'Publish more often',
      description:
        'Regular posts keep followers and search engines coming back. Aim for at least two posts a month. Measured: {summary}.',
    },
  },
  'social.feed-gaps': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Avoid long silences between posts',
      description:
        'A long gap makes a brand look inactive. Plan posts ahead so that no month goes by without one. Measured: {summary}.',
    },
  },
  'social.tone-match': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Write posts in the same voice as your website',
      description:
        'Your feed reads differently from your website. Use the same level of formality, mood and key words in both. Measured: {summary}.',
    },
  },
  'social.visual-consistency': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Keep a consistent visual style in posts',
      description: 'Use your palette, fonts and logo consistently in post images. Measured: {summary}.',
    },
  },
  // ---- brandAssets
  'brand.contrast-text-pair': {
    weight: 2,
    category: 'Brand Assets',
    estimatedHours: 2,
    recommendation: {
      title: 'Add a palette pair that is readable as text',
      description:
        'Body text needs a contrast of at least 4.5:1 with its background (WCAG AA). Darken the darkest colour or lighten the lightest. Measured: {summary}.',
    },
  },
  'brand.contrast-every-colour': {
    weight: 1,
    category: 'Brand Assets',
    estimatedHours: 2,
    recommendation: {
      title: 'Adjust palette colours that cannot carry text',
      description:
        'Some colours reach 4.5:1 with no other palette colour, so text on them (or in them) fails WCAG AA. Use them for decoration only, or adjust their lightness. Measured: {summary}. Pairs: {examples}.',
    },
  },
  'brand.logo-resolution': {
    weight: 2,
    category: 'Brand Assets',
    estimatedHours: 2,
    recommendation: {
      title: 'Upload a sharper logo',
      description:
        'A vector logo (SVG), or a raster at least 512 px on its short side, stays sharp on high-density screens and in print. Measured: {summary}.',
    },
  },
  'brand.logo-transparency': {
    weight: 1,
    category: 'Brand Assets',
    estimatedHours: 1,
    recommendation: {
      title: 'Use a logo with a transparent background',
      description:
        'A transparent background lets the logo sit on any colour without a box around it. Export it as PNG or WebP with transparency. Measured: {summary}.',
    },
  },
  'brand.logo-file-size': {
    weight: 1,
    category: 'Brand Assets',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Make the logo file smaller',
      description:
        'Large logo files slow every page they appear on. Compress or re-export the logo under 2 MB. Measured: {summary}.',
    },
  },
  'brand.logo-format': {
    weight: 1,
    category: 'Brand Assets',
    estimatedHours: 1,
    recommendation: {
      title: 'Save the logo as PNG, SVG or WebP',
      description:
        'These formats keep edges crisp and support transparency; JPEG and GIF do not do both. Measured: {summary}.',
    },
  },
  'brand.fonts-declared-used': {
    weight: 2,
    category: 'Brand Assets',
    estimatedHours: 2,
    recommendation: {
      title: 'Use your brand fonts on your website',
      description:
        "The website's CSS does not set all of the brand's declared fonts. Load them (for example from Google Fonts) and set them in font-family. Measured: {summary}.",
    },
  },
  'brand.font-family-count': {
    weight: 1,
    category: 'Brand Assets',
    estimatedHours: 3,
    recommendation: {
      title: 'Use fewer font families',
      description:
        'More than three font families makes pages look inconsistent and load slower. Keep a heading font and a body font. Measured: {summary}.',
    },
  },
};

// ---- accessibility: axe-core rules, weighted by axe's impact
export const AXE_IMPACT_WEIGHTS: Record<AxeImpact, number> = { critical: 3, serious: 2, moderate: 1, minor: 0.5 };
export const AXE_IMPACT_HOURS: Record<AxeImpact, number> = { critical: 2, serious: 1.5, moderate: 1, minor: 0.5 };

const AXE_RECOMMENDATION = {
  title: 'Accessibility: {help}',
  description:
    '{help}. Fix the elements listed so that people using screen readers, keyboards or zoom can use the page. Measured: {summary}. Elements: {examples}. Guidance: {helpUrl}',
};

/** Checks whose posts need platform access keys: never measured until a source is configured. */
const PLATFORM_POSTING: CheckWeight = {
  weight: 1,
  category: 'Social Media',
  estimatedHours: 4,
  recommendation: { title: 'Post regularly', description: 'Measured: {summary}.' },
};

/**
 * Checks on a profile read from its network (social.<network>.<kind>): one row per kind, the same on
 * every network. Engagement is reported with the profile, never scored.
 */
export const PROFILE_CHECK_WEIGHTS: Record<string, CheckWeight> = {
  exists: {
    weight: 2,
    category: 'Social Media',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Correct the declared {network} handle',
      description:
        'The handle declared for the brand leads to no profile. Check the spelling in the brand settings, or remove it. Measured: {summary}.',
    },
  },
  'name-bio': {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Describe the brand on {network} as the website does',
      description:
        'Use the brand name and a bio that says what the website says, so people recognise the brand. Measured: {summary}.',
    },
  },
  website: {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 0.25,
    recommendation: {
      title: 'Link the {network} profile to your website',
      description: "Put your website's address in the profile's website field. Measured: {summary}.",
    },
  },
  avatar: {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Use your logo as the {network} profile picture',
      description: 'A profile picture that is your logo makes the account recognisable as yours. Measured: {summary}.',
    },
  },
  posting: {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 4,
    recommendation: {
      title: 'Post more often on {network}',
      description: 'Aim for at least two posts a month on the profile. Measured: {summary}.',
    },
  },
  gaps: {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Avoid long silences on {network}',
      description:
        'A long gap makes a profile look abandoned. Plan posts ahead so that no month goes by without one. Measured: {summary}.',
    },
  },
  tone: {
    weight: 1,
    category: 'Social Media',
    estimatedHours: 2,
    recommendation: {
      title: 'Write {network} posts in the same voice as your website',
      description:
        'Your posts read differently from your website. Use the same level of formality, mood and key words in both. Measured: {summary}.',
    },
  },
};

const PROFILE_CHECK_ID = /^social\.(bluesky|mastodon|youtube|facebook|instagram)\.([a-z-]+)$/;
const NETWORK_NAMES: Record<string, string> = {
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

function profileWeight(id: string): CheckWeight | null {
  const match = PROFILE_CHECK_ID.exec(id);
  const entry = match ? PROFILE_CHECK_WEIGHTS[match[2]!] : undefined;
  if (!match || !entry) return null;
  const network = NETWORK_NAMES[match[1]!]!;
  return {
    ...entry,
    recommendation: {
      title: entry.recommendation.title.replace('{network}', network),
      description: entry.recommendation.description.replace('{network}', network),
    },
  };
}

const AREA_CATEGORY: Record<CheckResult['area'], Category> = {
  website: 'SEO',
  socialMedia: 'Social Media',
  brandAssets: 'Brand Assets',
};

/** The weight entry of any check id, including accessibility rules and unknown ids (weight 1). */
export function weightOf(check: Pick<CheckResult, 'id' | 'area'>): CheckWeight {
  const known = CHECK_WEIGHTS[check.id];
  if (known) return known;
  if (check.id.startsWith('a11y.')) {
    const impact = axeRuleInfo(check.id.slice('a11y.'.length))?.impact ?? 'moderate';
    return {
      weight: AXE_IMPACT_WEIGHTS[impact],
      category: 'Accessibility',
      estimatedHours: AXE_IMPACT_HOURS[impact],
      recommendation: AXE_RECOMMENDATION,
    };
  }
  if (check.id.startsWith('social.posting-')) return PLATFORM_POSTING;
  const profile = profileWeight(check.id);
  if (profile) return profile;
  return {
    weight: 1,
    category: AREA_CATEGORY[check.area],
    estimatedHours: 1,
    recommendation: { title: 'Fix: {title}', description: 'Measured: {summary}.' },
  };
}
