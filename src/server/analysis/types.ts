/**
 * The audit engine's vocabulary. The crawler produces a SiteSnapshot; checks turn it (and the
 * brand's declared assets) into CheckResults with evidence; scoring turns checks into scores and
 * recommendations. Everything here is stored in audits.analysis, so it must stay JSON.
 */

/** One page as fetched. `html` is absent for non-HTML answers. */
export type CrawledPage = {
  /** the URL requested (after normalisation) */
  url: string;
  /** the URL answered after redirects */
  finalUrl: string;
  status: number;
  /** lower-cased header names */
  headers: Record<string, string>;
  contentType: string | null;
  html: string | null;
  /** each redirect hop, in order */
  redirects: { from: string; to: string; status: number }[];
  fetchMs: number;
  bytes: number;
  /** present when the page was rendered in a browser, or needed it and could not be (analysis/render) */
  rendering?: PageRendering;
};

/**
 * A page rendered in headless Chromium: `html` then holds the rendered document. A page that
 * builds its content with scripts and could not be rendered keeps its HTML as served and is left
 * out of the content checks (they say "not measured"); `reason` says why, in words for users.
 */
export type PageRendering =
  | { status: 'rendered'; ms: number; requests: number; refused: number; bytes: number }
  | { status: 'not_rendered'; reason: string };

export type FetchedResource = {
  url: string;
  status: number;
  contentType: string | null;
  body: string | null;
  bytes: number;
};

/** Something the crawler could not fetch, and why, in words a user can read. */
export type CrawlProblem = { url: string; reason: string };

export type SiteSnapshot = {
  startUrl: string;
  /** origin of the site after the start URL's redirects */
  origin: string;
  pages: CrawledPage[];
  robotsTxt: FetchedResource | null;
  sitemap: (FetchedResource & { urls: string[] }) | null;
  /** linked stylesheets of the crawled pages (for font checks) */
  stylesheets: FetchedResource[];
  /** RSS/Atom feeds the site links to (for posting frequency) */
  feeds: FetchedResource[];
  /** pages skipped because robots.txt disallows them */
  disallowedByRobots: string[];
  problems: CrawlProblem[];
  startedAt: string;
  durationMs: number;
};

export type Evidence = {
  url?: string;
  /** CSS selector or element snippet */
  selector?: string;
  /** the measured value, e.g. a title's text or a contrast ratio */
  value?: string | number | boolean | null;
  note?: string;
};

export type CheckStatus = 'pass' | 'fail' | 'not_applicable' | 'not_measured';

export type Area = 'website' | 'socialMedia' | 'brandAssets';

export type CheckResult = {
  /** stable id, e.g. 'seo.document-title'; weights and recommendation texts are keyed by it */
  id: string;
  area: Area;
  /** the sub-score it counts towards, e.g. 'seoBasics', 'accessibility', 'colourContrast' */
  group: string;
  title: string;
  status: CheckStatus;
  /** one line on what was measured: '18 of 20 pages have a title' */
  summary: string;
  evidence: Evidence[];
};
