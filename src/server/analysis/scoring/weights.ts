/**
 * Every check's weight, category, estimated hours and recommendation text, in one place. The
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

export type Category = 'SEO' | 'Accessibility' | 'Content' | 'Social Media' | 'Brand Assets';

export type CheckWeight = {
  weight: number;
  category: Category;
  /** a rough figure for a small business doing the fix once */
  estimatedHours: number;
  recommendation: { title: string; description: string };
  /** failing this check sets its whole group's score to 0 */
  gatesGroup?: boolean;
};

export const IS_CRAWLABLE_WEIGHT = 93 / 23;

export const CHECK_WEIGHTS: Record<string, CheckWeight> = {
  // ---- website / seoBasics: Lighthouse's SEO audits
  'seo.is-crawlable': {
    weight: IS_CRAWLABLE_WEIGHT,
    gatesGroup: true,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Let search engines index your home page',
      description:
        'Search engines leave out pages that carry a noindex directive (a robots meta tag, an X-Robots-Tag header) or that robots.txt disallows, and your home page is one of them, so the site is shut out of search. Remove the directive. Measured: {summary}. Page: {examples}.',
    },
  },
  'seo.indexable-pages': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Check which pages you keep out of search',
      description:
        'Some pages carry a noindex directive or are disallowed by robots.txt, so search engines leave them out. That is right for pages such as thank-you or members-only pages; remove it from any page you want people to find. Measured: {summary}. Pages: {examples}.',
    },
  },
  'seo.document-title': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Give every page a title',
      description:
        'The <title> is the headline search results and browser tabs show. Write a short, specific title for each page. Measured: {summary}. Pages to fix: {examples}.',
    },
  },
  'seo.meta-description': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Write a meta description for every page',
      description:
        'Search engines often show the meta description under the page title. Write one or two sentences (about 150 characters) that describe each page. Measured: {summary}. Pages to fix: {examples}.',
    },
  },
  'seo.http-status-code': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 2,
    recommendation: {
      title: 'Fix pages that answer with an error',
      description:
        'Pages answering 4xx or 5xx are dropped from search results and frustrate visitors. Restore them, redirect them to the right page, or remove the links to them. Measured: {summary}. Pages: {examples}.',
    },
  },
  'seo.link-text': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Use descriptive link text',
      description:
        'Link texts such as "click here" or "read more" tell search engines and screen-reader users nothing about the destination. Name what the link leads to instead. Measured: {summary}. Examples: {examples}.',
    },
  },
  'seo.crawlable-anchors': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Make every link crawlable',
      description:
        'Search engines follow links only through a real href. Replace javascript:void(0), click-only anchors and file: links with href attributes that point to real addresses. Measured: {summary}. Examples: {examples}.',
    },
  },
  'seo.robots-txt': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Fix robots.txt',
      description:
        'Crawlers may misread a malformed or failing robots.txt and crawl too much or too little. Correct the lines listed, or make the file answer normally. Measured: {summary}. Details: {examples}.',
    },
  },
  'seo.image-alt': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Add alt text to images',
      description:
        'Alt text describes an image to search engines and to people using screen readers. Add a short description to each meaningful image (alt="" for decorative ones). Measured: {summary}. Examples: {examples}.',
    },
  },
  'seo.hreflang': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Correct the hreflang links',
      description:
        'hreflang links tell search engines which language version to show. Use valid language codes and absolute URLs. Measured: {summary}. Details: {examples}.',
    },
  },
  'seo.canonical': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Correct the canonical links',
      description:
        'A canonical link tells search engines which URL to show for a page. Give each page one absolute canonical URL pointing to itself or its true equivalent, not to the home page. Measured: {summary}. Pages: {examples}.',
    },
  },
  // ---- website / seoBasics: ours
  'seo.viewport': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 0.5,
    recommendation: {
      title: 'Add a mobile viewport',
      description:
        'Without <meta name="viewport" content="width=device-width, initial-scale=1"> phones show a shrunken desktop page, and search engines rank such pages lower on mobile. Measured: {summary}. Pages: {examples}.',
    },
  },
  'seo.html-has-lang': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 0.25,
    recommendation: {
      title: "Declare each page's language",
      description:
        'Set the lang attribute on <html> (for example lang="en-GB") so search engines, browsers and screen readers use the right language. Measured: {summary}. Pages: {examples}.',
    },
  },
  'seo.sitemap': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Publish an XML sitemap',
      description:
        'A sitemap lists the pages you want found. Publish one at /sitemap.xml (most site builders can generate it) and name it in robots.txt. Measured: {summary}.',
    },
  },
  'seo.headings': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Give each page one main heading and ordered subheadings',
      description:
        'One h1 per page and headings that step down one level at a time help search engines and screen-reader users follow the page. Measured: {summary}. Examples: {examples}.',
    },
  },
  'seo.structured-data': {
    weight: 1,
    category: 'SEO',
    estimatedHours: 1,
    recommendation: {
      title: 'Fix the structured data',
      description:
        'Search engines ignore JSON-LD that does not parse or has no @type. Correct the blocks listed (a validator such as validator.schema.org shows the error). Measured: {summary}. Details: {examples}.',
    },
  },
  // ---- website / toneConsistency
  'tone.readability': {
    weight: 1,
    category: 'Content',
    estimatedHours: 3,
    recommendation: {
      title: 'Even out how hard your pages are to read',
      description:
        'Shorter sentences and everyday words make pages easier to read. Rewrite the pages that score far below the rest. Measured: {summary}. Hardest pages: {examples}.',
    },
  },
  'tone.formality': {
    weight: 1,
    category: 'Content',
    estimatedHours: 2,
    recommendation: {
      title: 'Keep one level of formality across pages',
      description:
        'Pages that swing between chatty and formal make a brand feel inconsistent. Agree a voice (for example, how often you say "you", use contractions or exclamation marks) and edit the outlying pages. Measured: {summary}. Pages: {examples}.',
    },
  },
  'tone.sentiment-spread': {
    weight: 1,
    category: 'Content',
    estimatedHours: 2,
    recommendation: {
      title: 'Align the mood of your pages',
      description:
        'Some pages read far more negative or positive than others. Review the outlying pages and bring their wording in line with the rest. Measured: {summary}. Pages: {examples}.',
    },
  },
  'tone.vocabulary-overlap': {
    weight: 1,
    category: 'Content',
    estimatedHours: 3,
    recommendation: {
      title: 'Use your key words consistently',
      description:
        'Pages that share little vocabulary with the rest of the site can read as off-brand. Use the same names for your products, services and values throughout. Measured: {summary}. Pages: {examples}.',
    },
  },
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
  return {
    weight: 1,
    category: AREA_CATEGORY[check.area],
    estimatedHours: 1,
    recommendation: { title: 'Fix: {title}', description: 'Measured: {summary}.' },
  };
}
