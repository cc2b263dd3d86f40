import { countOf } from './words.ts';

/**
 * The one wording of how many pages an audit crawled, used by the report screen and the PDF so the
 * two always show the same figures under the same names.
 * - crawled: every distinct page address the crawler fetched that answered, whatever the answer
 *   (an error status, a redirect to a page already read, a file that is not a web page);
 * - analysed: the distinct pages that answered 200 with HTML, which the website checks read.
 */
export type TCrawlCounts = { pages: number; pagesAnalysed?: number };

/**
 * Pages that build their content in the browser: how many were rendered in headless Chromium and
 * how many needed it and could not be (their content checks are not measured), with the reason.
 */
export type TCrawlRendering = { rendered: number; notRendered: number; reason?: string };

export const CRAWL_COUNTS_DEFINITION =
  'Crawled counts every page address fetched that answered, errors, redirects and files that are not web pages included; analysed counts the distinct pages that answered with HTML, which the website checks read.';

/** '13 pages crawled, 11 analysed'; '1 page crawled and analysed'; '13 pages crawled' for audits stored before the analysed count. */
export function crawlCountsText({ pages, pagesAnalysed }: TCrawlCounts): string {
  if (pagesAnalysed === undefined) return `${countOf(pages, 'page')} crawled`;
  if (pagesAnalysed === pages) return `${countOf(pages, 'page')} crawled and analysed`;
  return `${countOf(pages, 'page')} crawled, ${pagesAnalysed} analysed`;
}

/**
 * The report's one sentence about rendering, or null when no page needed it:
 * '1 page builds its content with JavaScript and could not be rendered because no browser is
 * installed on the server, so its content checks are shown as not measured rather than failed.'
 */
export function renderingText(rendering: TCrawlRendering | undefined): string | null {
  if (!rendering) return null;
  const parts: string[] = [];
  if (rendering.rendered > 0) {
    parts.push(
      `${countOf(rendering.rendered, 'page')} ${rendering.rendered === 1 ? 'builds its' : 'build their'} content with JavaScript and ${rendering.rendered === 1 ? 'was' : 'were'} read as a browser shows ${rendering.rendered === 1 ? 'it' : 'them'}.`,
    );
  }
  if (rendering.notRendered > 0) {
    const one = rendering.notRendered === 1;
    const why = rendering.reason ? ` because ${rendering.reason}` : '';
    parts.push(
      `${countOf(rendering.notRendered, 'page')} ${one ? 'builds its' : 'build their'} content with JavaScript and could not be rendered${why}, so ${one ? 'its' : 'their'} content checks are shown as not measured rather than failed.`,
    );
  }
  return parts.join(' ');
}
