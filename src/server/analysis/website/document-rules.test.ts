import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { runAccessibilityChecks } from './accessibility.ts';
import { htmlPagesOf } from './pages.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Cakes</title></head><body>${body}</body></html>`;

async function run(body: string) {
  const result = await runAccessibilityChecks(
    htmlPagesOf(snapshotOf([{ url: 'https://example.com/', html: page(body) }])),
  );
  return new Map(result.checks.map((check) => [check.id, check]));
}

describe('document-level accessibility rules (undecided by axe on jsdom)', () => {
  it('fails a page with no main landmark and no level-one heading', async () => {
    const checks = await run('<div><h2>Cakes</h2><p>Fresh every morning.</p></div>');
    expect(checks.get('a11y.landmark-one-main')).toMatchObject({
      status: 'fail',
      evidence: [{ url: 'https://example.com/', selector: 'html', note: expect.stringContaining('no main landmark') }],
    });
    expect(checks.get('a11y.page-has-heading-one')).toMatchObject({ status: 'fail' });
  });

  it('does not count a hidden main or an empty h1', async () => {
    const checks = await run('<main hidden><p>Old</p></main><h1> </h1><div style="display: none"><h1>Gone</h1></div>');
    expect(checks.get('a11y.landmark-one-main')?.status).toBe('fail');
    expect(checks.get('a11y.page-has-heading-one')?.status).toBe('fail');
  });

  it('passes <main> or role=main, and <h1> or a level-one role=heading', async () => {
    let checks = await run('<main><h1>Cakes</h1></main>');
    expect(checks.get('a11y.landmark-one-main')?.status).toBe('pass');
    expect(checks.get('a11y.page-has-heading-one')?.status).toBe('pass');
    checks = await run('<div role="main"><div role="heading" aria-level="1">Cakes</div></div>');
    expect(checks.get('a11y.landmark-one-main')?.status).toBe('pass');
    expect(checks.get('a11y.page-has-heading-one')?.status).toBe('pass');
  });

  it('lists any other rule axe could not decide as not measured, never as passed', async () => {
    const checks = await run('<main><h1>Cakes</h1><video src="/bake.mp4" controls></video></main>');
    const undecided = [...checks.values()].filter((check) => check.status === 'not_measured');
    expect(undecided.length).toBeGreaterThan(0);
    for (const check of undecided) {
      expect(check.summary).toMatch(/^Not measured: axe-core cannot decide this rule without a rendered page/);
      expect(check.evidence[0]).toMatchObject({ url: 'https://example.com/' });
    }
  });
});
