/**
 * The audit engine (crawler, checks, scoring) brings jsdom, axe-core, cheerio, sharp and culori:
 * most of what the server could hold in memory. It loads when the first audit runs rather than
 * when the server starts, so a web process that runs no audit never holds it.
 */
export async function loadAuditEngine() {
  const [crawler, checks, scoring, counts, profiles, references, stored] = await Promise.all([
    import('./crawler.ts'),
    import('./run-checks.ts'),
    import('./scoring/score.ts'),
    import('./crawl-counts.ts'),
    import('./social/read-profiles.ts'),
    import('./social/reference-images.ts'),
    import('./social/profile-activity.ts'),
  ]);
  return {
    crawlSite: crawler.crawlSite,
    CrawlFailedError: crawler.CrawlFailedError,
    runAllChecks: checks.runAllChecks,
    buildAnalysis: checks.buildAnalysis,
    scoreAudit: scoring.scoreAudit,
    crawlFactsOf: counts.crawlFactsOf,
    readProfiles: profiles.readProfiles,
    profileSourcesFrom: profiles.profileSourcesFrom,
    referenceImages: references.referenceImages,
    storedReads: stored.storedReads,
  };
}
