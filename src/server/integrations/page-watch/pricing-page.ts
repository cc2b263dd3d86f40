/**
 * Finding a competitor's pricing page from its home page's links: an address whose path is
 * /pricing, /prices or /plans (or ends with one of them), else a link whose text says "Pricing",
 * "Prices" or "Plans". Only pages of the same site count: a pricing page elsewhere is someone else's.
 */
import { load } from 'cheerio';

const PRICING_PATH = /(^|\/)(pricing|prices|plans|plans-and-pricing|pricing-plans)\/?$/i;
const PRICING_TEXT =
  /^(pricing|prices|plans|plans (and|&) pricing|pricing (and|&) plans|see (our )?pricing|view pricing)$/i;

export const PRICING_NOT_FOUND =
  'No pricing page is linked from the home page (looked for /pricing, /prices, /plans and links named "Pricing")';

function sameSite(a: URL, b: URL): boolean {
  const host = (url: URL) => url.hostname.replace(/^www\./, '');
  return host(a) === host(b);
}

/** The pricing page's address, or null when the home page links to none. */
export function findPricingPage(html: string, homeUrl: string): string | null {
  const $ = load(html);
  const home = new URL(homeUrl);
  let byText: string | null = null;
  let byPath: string | null = null;
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, home);
    } catch {
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameSite(url, home)) return;
    url.hash = '';
    const path = url.pathname.replace(/\/+$/, '');
    if (!byPath && PRICING_PATH.test(path)) byPath = url.href;
    const text = $(element).text().replace(/\s+/g, ' ').trim();
    if (!byText && PRICING_TEXT.test(text) && url.pathname !== home.pathname) byText = url.href;
  });
  return byPath ?? byText;
}
