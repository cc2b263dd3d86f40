import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { runAccessibilityChecks } from './accessibility.ts';
import { AXE_DISABLED_RULES, axeRuleInfo } from './axe-rules.ts';
import { htmlPagesOf } from './pages.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/analysis/pages/${name}`, import.meta.url), 'utf8');
const accessible = fixture('accessible.html');
const inaccessible = fixture('inaccessible.html');

describe('accessibility (axe-core on jsdom)', () => {
  it('turns rules that applied and passed everywhere into passing checks', async () => {
    const run = await runAccessibilityChecks(
      htmlPagesOf(snapshotOf([{ url: 'https://example.com/', html: accessible }])),
    );
    expect(run.pagesTested).toBe(1);
    expect(run.checks.filter((check) => check.status === 'fail')).toEqual([]);
    const ids = run.checks.map((check) => check.id);
    expect(ids).toEqual(
      expect.arrayContaining(['a11y.image-alt', 'a11y.label', 'a11y.html-has-lang', 'a11y.document-title']),
    );
    const imageAlt = run.checks.find((check) => check.id === 'a11y.image-alt')!;
    expect(imageAlt).toMatchObject({
      area: 'website',
      group: 'accessibility',
      title: 'Images must have alternative text',
      status: 'pass',
      summary: 'Passed on 1 page where it applies (critical impact): Images must have alternative text',
    });
    // Rules needing layout are never run, so never reported.
    for (const id of Object.keys(AXE_DISABLED_RULES)) expect(ids).not.toContain(`a11y.${id}`);
  });

  it('turns each violated rule into one failing check with element evidence', async () => {
    const run = await runAccessibilityChecks(
      htmlPagesOf(
        snapshotOf([
          { url: 'https://example.com/', html: accessible },
          { url: 'https://example.com/cakes', html: inaccessible },
        ]),
      ),
    );
    const failed = Object.fromEntries(
      run.checks.filter((check) => check.status === 'fail').map((check) => [check.id, check]),
    );
    expect(Object.keys(failed)).toEqual(
      expect.arrayContaining([
        'a11y.image-alt',
        'a11y.button-name',
        'a11y.label',
        'a11y.html-has-lang',
        'a11y.link-name',
        'a11y.list',
        'a11y.aria-roles',
        'a11y.meta-viewport',
      ]),
    );
    const imageAlt = failed['a11y.image-alt']!;
    expect(imageAlt.summary).toBe(
      '3 elements on 1 of 2 tested pages fail (critical impact): Images must have alternative text',
    );
    expect(imageAlt.evidence[0]).toMatchObject({
      url: 'https://example.com/cakes',
      selector: 'img[src$="cake.jpg"]',
      value: '<img src="/images/cake.jpg">',
    });
    expect(imageAlt.evidence[0]?.note).toMatch(/alt attribute/);
    // Failing checks come first, most severe first.
    const statuses = run.checks.map((check) => check.status);
    expect(statuses.lastIndexOf('fail')).toBeLessThan(statuses.indexOf('pass'));
  });

  it('handles 20 pages within a few seconds of processor time and reports the time per page', async () => {
    const pages = Array.from({ length: 20 }, (_, index) => ({
      url: `https://example.com/page-${index}`,
      html: index % 2 ? accessible : inaccessible,
    }));
    // Processor time, not the clock's: the bound is on the work done, which a busy machine does not change.
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const run = await runAccessibilityChecks(htmlPagesOf(snapshotOf(pages)));
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const elapsed = performance.now() - started;
    expect(run.pagesTested).toBe(20);
    expect(run.pageMs).toHaveLength(20);
    expect(cpuMs).toBeLessThan(10_000);
    const imageAlt = run.checks.find((check) => check.id === 'a11y.image-alt')!;
    expect(imageAlt.summary).toMatch(/^30 elements on 10 of 20 tested pages fail/);
    expect(imageAlt.evidence).toHaveLength(11);
    expect(imageAlt.evidence[10]).toEqual({ note: 'and 20 more' });
    console.info(
      `axe on 20 pages: ${Math.round(elapsed)} ms, ${Math.round(cpuMs)} ms of processor time (${run.pageMs.map((page) => page.ms).join(', ')})`,
    );
  });

  it('stops at the page cap and says how many pages were left untested', async () => {
    const pages = Array.from({ length: 3 }, (_, index) => ({ url: `https://example.com/p${index}`, html: accessible }));
    const run = await runAccessibilityChecks(htmlPagesOf(snapshotOf(pages)), { maxPages: 2 });
    expect(run.pagesTested).toBe(2);
    expect(run.pagesSkipped).toBe(1);
    expect(run.checks[0]?.summary).toMatch(/\(1 page not tested: limit of 2 pages or 20 s\)$/);
  });

  it('skips elements hidden by the hidden attribute or an inline style, and ignores scripts and style blocks', async () => {
    const html = accessible.replace(
      '</main>',
      '<div hidden><img src="/a.png"></div><p style="display: none"><img src="/b.png"></p>' +
        '<div style="visibility:hidden"><span><img src="/c.png"></span></div><script>document.write("<img src=x>")</script>' +
        '<style>main { display: none }</style></main>',
    );
    const run = await runAccessibilityChecks(htmlPagesOf(snapshotOf([{ url: 'https://example.com/', html }])));
    expect(run.checks.filter((check) => check.status === 'fail')).toEqual([]);
    const shown = accessible.replace('</main>', '<div><img src="/d.png"></div></main>');
    const failing = await runAccessibilityChecks(
      htmlPagesOf(snapshotOf([{ url: 'https://example.com/', html: shown }])),
    );
    expect(failing.checks.find((check) => check.id === 'a11y.image-alt')?.evidence[0]?.value).toBe(
      '<img src="/d.png">',
    );
  });

  it('is not applicable when there is no HTML page', async () => {
    const run = await runAccessibilityChecks([]);
    expect(run.checks).toEqual([
      expect.objectContaining({ id: 'a11y.pages', status: 'not_applicable', summary: 'No HTML page to test' }),
    ]);
  });

  it("describes rules with axe's impact and help text", () => {
    expect(axeRuleInfo('image-alt')).toMatchObject({ impact: 'critical', help: 'Images must have alternative text' });
    expect(axeRuleInfo('heading-order')?.impact).toBe('moderate');
    expect(axeRuleInfo('no-such-rule')).toBeNull();
  });
});
