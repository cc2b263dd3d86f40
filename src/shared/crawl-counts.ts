import { countOf } from './words.ts';

/**
 * The one wording of how many pages an audit crawled, used by the report screen and the PDF so the
 * two always show the same figures under the same names.
 * - crawled: every distinct page address the crawler fetched that answered, whatever the answer
 *   (an error status, a redirect to a page already read, a file that is not a web page);
 * - analysed: the distinct pages that answered 200 with HTML, which the website checks read.
 */
export type TCrawlCounts = { pages: number; pagesAnalysed?: number };

export const CRAWL_COUNTS_DEFINITION =
  'Crawled counts every page address fetched that answered, errors, redirects and files that are not web pages included; analysed counts the distinct pages that answered with HTML, which the website checks read.';

/** '13 pages crawled, 11 analysed'; '1 page crawled and analysed'; '13 pages crawled' for audits stored before the analysed count. */
export function crawlCountsText({ pages, pagesAnalysed }: TCrawlCounts): string {
  if (pagesAnalysed === undefined) return `${countOf(pages, 'page')} crawled`;
  if (pagesAnalysed === pages) return `${countOf(pages, 'page')} crawled and analysed`;
  return `${countOf(pages, 'page')} crawled, ${pagesAnalysed} analysed`;
}
