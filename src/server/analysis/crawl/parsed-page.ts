import { type CheerioAPI, load } from 'cheerio';
import type { CrawledPage } from '../types.ts';

const parsed = new WeakMap<CrawledPage, CheerioAPI>();

/**
 * The page's parsed document; parsed on first use and cached for the life of the page object, so
 * the crawler reading its links and the checks reading its content share one parse.
 */
export function parsePage(page: CrawledPage): CheerioAPI {
  let $ = parsed.get(page);
  if (!$) {
    $ = load(page.html ?? '');
    parsed.set(page, $);
  }
  return $;
}
