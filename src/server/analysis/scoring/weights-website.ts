/**
 * The website area's check weights: Lighthouse's SEO audits, our own SEO checks and tone
 * consistency. The rest of the table, and what the fields mean, are in weights.ts.
 */
import type { CheckWeight } from './check-weight.ts';

export const IS_CRAWLABLE_WEIGHT = 93 / 23;

export const WEBSITE_CHECK_WEIGHTS: Record<string, CheckWeight> = {
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
};
