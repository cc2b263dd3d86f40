/**
 * Lighthouse's is-crawlable over the crawl: may search engines index the home page (a gate on the
 * SEO score), the other pages, and the pages the site links to that robots.txt disallows?
 */
import robotsParser from 'robots-parser';
import { type CheckMeta, clip } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import { type HtmlPage, openingTag } from './pages.ts';
import { type PageVerdict, perPageCheck, seoCheck } from './per-page.ts';
import { type Referrers, siteReferrers } from './referrers.ts';

/** Lighthouse's list: the generic directives (no user agent) and four named search bots. */
const BOT_USER_AGENTS = [undefined, 'Googlebot', 'bingbot', 'DuckDuckBot', 'archive.org_bot'] as const;
type Bot = (typeof BOT_USER_AGENTS)[number];
const BLOCKING_DIRECTIVES = new Set(['noindex', 'none']);
const UNAVAILABLE_AFTER = 'unavailable_after';

function isUnavailable(directive: string, now: number): boolean {
  const parts = directive.split(':');
  if (parts.length <= 1 || parts[0] !== UNAVAILABLE_AFTER) return false;
  const date = Date.parse(parts.slice(1).join(':'));
  return !Number.isNaN(date) && date < now;
}

function hasBlockingDirective(directives: string, now: number): boolean {
  return directives
    .split(',')
    .map((directive) => directive.toLowerCase().trim())
    .some((directive) => BLOCKING_DIRECTIVES.has(directive) || isUnavailable(directive, now));
}

/**
 * X-Robots-Tag values, split per user agent. Several headers arrive joined with ', ', so a value like
 * 'googlebot: noindex, otherbot: nofollow' is read as two groups.
 */
function robotsHeaderGroups(value: string): { userAgent: string | undefined; directives: string }[] {
  const groups: { userAgent: string | undefined; directives: string[] }[] = [];
  let current: { userAgent: string | undefined; directives: string[] } = { userAgent: undefined, directives: [] };
  groups.push(current);
  for (const raw of value.split(',')) {
    const token = raw.trim();
    const prefix = /^([^,:\s]+)\s*:\s*(.*)$/.exec(token);
    if (prefix && prefix[1]!.toLowerCase() !== UNAVAILABLE_AFTER) {
      current = { userAgent: prefix[1], directives: [prefix[2] ?? ''] };
      groups.push(current);
    } else {
      current.directives.push(token);
    }
  }
  return groups
    .filter((group) => group.directives.some(Boolean))
    .map((group) => ({ userAgent: group.userAgent, directives: group.directives.join(', ') }));
}

function botName(bot: Bot): string {
  return bot ?? 'all crawlers';
}

type RobotsRules = { robots: ReturnType<typeof robotsParser>; lines: string[] } | null;

function robotsRulesOf(snapshot: SiteSnapshot): RobotsRules {
  const body = snapshot.robotsTxt?.status === 200 ? snapshot.robotsTxt.body : null;
  // robots.txt rules apply to the site's origin, wherever the file itself was redirected.
  return body ? { robots: robotsParser(`${snapshot.origin}/robots.txt`, body), lines: body.split(/\r\n|\r|\n/) } : null;
}

/** The robots.txt rule that keeps search engines from `url` (for the first bot it blocks), as evidence. */
function robotsBlock(rules: RobotsRules, url: string): { bots: Bot[]; evidence: Evidence } | null {
  if (!rules) return null;
  const bots = BOT_USER_AGENTS.filter((bot) => rules.robots.isAllowed(url, bot) === false);
  if (bots.length === 0) return null;
  const line = rules.robots.getMatchingLineNumber(url, bots[0]);
  return {
    bots,
    evidence: {
      url,
      selector: line > 0 ? `robots.txt line ${line}` : 'robots.txt',
      value: line > 0 ? clip(rules.lines[line - 1] ?? '') : null,
      note: `Disallowed for ${bots.map(botName).join(', ')}`,
    },
  };
}

/** As in Lighthouse, a page fails when every listed crawler is blocked; blocking some is a warning. */
function crawlVerdict(blocked: Set<Bot>, sources: Evidence[]): PageVerdict {
  if (blocked.size === BOT_USER_AGENTS.length) return { status: 'fail', evidence: sources };
  if (blocked.size > 0) {
    const names = [...blocked].map(botName).join(', ');
    return { status: 'pass', evidence: sources.map((source) => ({ ...source, note: `Warning: blocks ${names}` })) };
  }
  return { status: 'pass' };
}

/** A fetched page: its robots meta tags, X-Robots-Tag header and the robots.txt rules for its URL. */
function fetchedPageVerdict({ url, page, $ }: HtmlPage, rules: RobotsRules, now: number): PageVerdict {
  const blocked = new Set<Bot>();
  const sources: Evidence[] = [];
  const block = (bots: readonly Bot[], source: Evidence) => {
    for (const bot of bots) blocked.add(bot);
    sources.push(source);
  };
  $('meta[name]').each((_, element) => {
    const name = (element.attribs.name ?? '').toLowerCase();
    const content = element.attribs.content ?? '';
    const bots =
      name === 'robots' ? BOT_USER_AGENTS : BOT_USER_AGENTS.filter((bot) => bot && bot.toLowerCase() === name);
    if (bots.length > 0 && hasBlockingDirective(content, now)) {
      block(bots, { url, selector: openingTag(element), value: content, note: `Blocks ${bots.map(botName)[0]}` });
    }
  });
  const header = page.headers['x-robots-tag'];
  if (header) {
    for (const group of robotsHeaderGroups(header)) {
      if (!hasBlockingDirective(group.directives, now)) continue;
      const bots = group.userAgent
        ? BOT_USER_AGENTS.filter((bot) => bot && bot.toLowerCase() === group.userAgent!.toLowerCase())
        : BOT_USER_AGENTS;
      if (bots.length > 0) {
        block(bots, { url, selector: 'X-Robots-Tag header', value: header, note: `Blocks ${botName(bots[0])}` });
      }
    }
  }
  const fromRobots = robotsBlock(rules, url);
  if (fromRobots) block(fromRobots.bots, fromRobots.evidence);
  return crawlVerdict(blocked, sources);
}

/**
 * A page the site links to that robots.txt kept our crawler from: judged on the robots.txt rules
 * alone, since its content was never fetched (docs/decisions/0007).
 */
function blockedPageVerdict(url: string, rules: RobotsRules, referrers: Referrers): PageVerdict {
  const fromRobots = robotsBlock(rules, url);
  if (!fromRobots) return { status: 'not_applicable' };
  const where = referrers.describe(url);
  const blockedFor =
    fromRobots.bots.length === BOT_USER_AGENTS.length
      ? 'Blocked from search engines by robots.txt'
      : fromRobots.evidence.note;
  const note = `${blockedFor}; not fetched, so its content was not checked${where ? `. ${where}` : ''}`;
  return crawlVerdict(new Set(fromRobots.bots), [{ ...fromRobots.evidence, note }]);
}

type CrawlTarget = { fetched: HtmlPage } | { blocked: string };

function crawlableCheck(
  meta: CheckMeta,
  pages: HtmlPage[],
  snapshot: SiteSnapshot,
  blocked: string[] = [],
): CheckResult {
  const now = Date.parse(snapshot.startedAt) || Date.now();
  const rules = robotsRulesOf(snapshot);
  const targets: CrawlTarget[] = [
    ...pages.map((fetched) => ({ fetched })),
    ...blocked.map((url) => ({ blocked: url })),
  ];
  return perPageCheck(
    meta,
    targets,
    (target) =>
      'fetched' in target
        ? fetchedPageVerdict(target.fetched, rules, now)
        : blockedPageVerdict(target.blocked, rules, siteReferrers(snapshot)),
    {
      many: 'can be indexed by search engines',
      one: 'can be indexed by search engines',
      none: 'No HTML page answered, so indexing could not be checked',
    },
  );
}

/**
 * Lighthouse's is-crawlable, for the home page: when search engines may not index it, the site is
 * shut out of search, so this check gates the SEO score.
 */
export function checkIsCrawlable(pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  return crawlableCheck(
    seoCheck('is-crawlable', 'The home page can be indexed by search engines'),
    pages.slice(0, 1),
    snapshot,
  );
}

/**
 * The same test on every other page, and on the pages the site links to (or lists in its sitemap)
 * that robots.txt disallows, each reported with the rule that blocks it. Sites often keep some
 * pages out of search on purpose (a thank-you page, a members' area), so these weigh like any
 * other check instead of gating.
 */
export function checkIndexablePages(pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  return crawlableCheck(
    seoCheck('indexable-pages', 'Other pages can be indexed by search engines'),
    pages.slice(1),
    snapshot,
    snapshot.disallowedByRobots,
  );
}
