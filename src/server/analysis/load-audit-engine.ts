/**
 * The audit engine (crawler, checks, scoring) brings jsdom, axe-core, cheerio, sharp and culori:
 * most of what the server could hold in memory. It loads when the first audit runs rather than
 * when the server starts, so a web process that runs no audit never holds it.
 */
export async function loadAuditEngine() {
  const [crawler, checks, scoring, counts] = await Promise.all([
    import('./crawler.ts'),
    import('./run-checks.ts'),
    import('./scoring/score.ts'),
    import('./crawl-counts.ts'),
  ]);
  return {
    crawlSite: crawler.crawlSite,
    CrawlFailedError: crawler.CrawlFailedError,
    runAllChecks: checks.runAllChecks,
    buildAnalysis: checks.buildAnalysis,
    scoreAudit: scoring.scoreAudit,
    crawlFactsOf: counts.crawlFactsOf,
  };
}
