/**
 * The robots-txt check, with Lighthouse's robots.txt validator: a missing robots.txt (4xx) is not
 * applicable, a 5xx or 429 answer fails, and every line the validator cannot accept is an error.
 */
import { type CheckMeta, clip, countOf, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult, SiteSnapshot } from '../types.ts';

const meta: CheckMeta = { id: 'seo.robots-txt', area: 'website', group: 'seoBasics', title: 'robots.txt is valid' };

const DIRECTIVE_SAFELIST = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
  'license',
]);
const SITEMAP_PROTOCOLS = new Set(['https:', 'http:', 'ftp:']);

function robotsLineError(line: string): { directive: string } | { error: string } | null {
  const hash = line.indexOf('#');
  const content = (hash === -1 ? line : line.slice(0, hash)).trim();
  if (content.length === 0) return null;
  const colon = content.indexOf(':');
  if (colon === -1) return { error: 'Syntax not understood' };
  const directive = content.slice(0, colon).trim().toLowerCase();
  const value = content.slice(colon + 1).trim();
  if (!DIRECTIVE_SAFELIST.has(directive)) return { error: 'Unknown directive' };
  if (directive === 'sitemap') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { error: 'Invalid sitemap URL' };
    }
    if (!SITEMAP_PROTOCOLS.has(url.protocol)) return { error: 'Invalid sitemap URL protocol' };
  }
  if (directive === 'user-agent' && !value) return { error: 'No user-agent specified' };
  if (directive === 'allow' || directive === 'disallow') {
    if (value !== '' && value[0] !== '/' && value[0] !== '*') {
      return { error: 'Pattern should either be empty, start with "/" or "*"' };
    }
    const dollar = value.indexOf('$');
    if (dollar !== -1 && dollar !== value.length - 1)
      return { error: '"$" should only be used at the end of the pattern' };
  }
  return { directive };
}

/** Lighthouse's robots.txt validation: one error per line it cannot accept. */
export function validateRobotsTxt(content: string): { line: number; text: string; message: string }[] {
  const errors: { line: number; text: string; message: string }[] = [];
  let inGroup = false;
  content.split(/\r\n|\r|\n/).forEach((text, index) => {
    const parsed = robotsLineError(text);
    if (!parsed) return;
    if ('error' in parsed) {
      errors.push({ line: index + 1, text, message: parsed.error });
      return;
    }
    if (parsed.directive === 'user-agent') inGroup = true;
    else if (!inGroup && (parsed.directive === 'allow' || parsed.directive === 'disallow')) {
      errors.push({ line: index + 1, text, message: 'No user-agent specified' });
    }
  });
  return errors;
}

export function checkRobotsTxt(snapshot: SiteSnapshot): CheckResult {
  const robots = snapshot.robotsTxt;
  const robotsUrl = robots?.url ?? `${snapshot.origin}/robots.txt`;
  if (!robots) {
    const problem = snapshot.problems.find((item) => item.url === robotsUrl || item.url.endsWith('/robots.txt'));
    if (problem) {
      return makeCheck(meta, 'fail', `robots.txt could not be fetched: ${problem.reason}`, [
        { url: problem.url, value: null, note: problem.reason },
      ]);
    }
    return makeCheck(meta, 'not_measured', 'Not measured: the crawl ended before robots.txt was fetched');
  }
  if (robots.status >= 500 || robots.status === 429) {
    return makeCheck(meta, 'fail', `The request for robots.txt answered HTTP ${robots.status}`, [
      { url: robots.url, value: robots.status },
    ]);
  }
  if (robots.status >= 400) {
    return makeCheck(
      meta,
      'not_applicable',
      `The site has no robots.txt (HTTP ${robots.status}), so crawlers may fetch every page`,
      [{ url: robots.url, value: robots.status }],
    );
  }
  if (robots.body === null || robots.body === '') {
    return makeCheck(meta, 'not_applicable', 'robots.txt is empty', [{ url: robots.url, value: '' }]);
  }
  const errors = validateRobotsTxt(robots.body);
  if (errors.length === 0) {
    const lines = robots.body.split(/\r\n|\r|\n/).filter((line) => line.trim()).length;
    return makeCheck(meta, 'pass', `robots.txt is valid (${countOf(lines, 'line')})`, [
      { url: robots.url, value: 'valid' },
    ]);
  }
  return makeCheck(
    meta,
    'fail',
    `robots.txt has ${countOf(errors.length, 'error')}`,
    errors.map((error) => ({
      url: robots.url,
      selector: `line ${error.line}`,
      value: clip(error.text),
      note: error.message,
    })),
  );
}
