/** HTML fragments as the plain text of an insight (cheerio: only the feed and page readers load it). */
import { load } from 'cheerio';
import { squash } from './text.ts';

const BLOCKS = 'p, div, li, br, h1, h2, h3, h4, h5, h6, blockquote, tr, section, article';

/** The text of an HTML fragment, entities decoded, scripts and styles dropped, blocks kept apart. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return squash(html);
  const $ = load(`<body>${html}</body>`);
  $('script, style, noscript, template').remove();
  $(BLOCKS).each((_, element) => {
    $(element).before(' ').after(' ');
  });
  return squash($('body').text());
}
