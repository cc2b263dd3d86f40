import { afterAll, describe, expect, it } from 'vitest';
import { auditDetailFixture } from '../../../tests/fixtures/audit-detail.ts';
import { pdfWorkspace } from '../../../tests/helpers/pdf.ts';
import { sortRecommendations } from '../../shared/recommendation-order.ts';
import { ZAuditDetail } from '../../shared/schemas/audits.ts';
import { renderAuditReportPdf } from './render-audit-report.tsx';

const workspace = pdfWorkspace('audit-pdf-');
afterAll(() => workspace.remove());

async function render(name: string, ...args: Parameters<typeof renderAuditReportPdf>) {
  const started = performance.now();
  const pdf = await renderAuditReportPdf(...args);
  const ms = Math.round(performance.now() - started);
  const { file, pages, text } = workspace.inspect(name, pdf);
  console.log(`audit report "${name}": ${pages} pages, ${Math.round(pdf.length / 1024)} KB, rendered in ${ms} ms`);
  return { pdf, file, pages, text };
}

describe('renderAuditReportPdf', () => {
  it('has a fixture that matches the API contract', () => {
    expect(ZAuditDetail.parse(auditDetailFixture)).toEqual(auditDetailFixture);
  });

  it('renders the audit as a multi-page PDF with scores, recommendations and evidence', async () => {
    const { pdf, pages, text } = await render('plain', auditDetailFixture, {
      generatedAt: new Date('2026-03-14T10:00:00Z'),
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toBeGreaterThan(1);
    if (text === null) return;
    expect(text).toContain('Acme Coffee');
    expect(text).toContain('12 March 2026');
    expect(text).toContain('Recommendations');
    expect(text).toContain('Write meta descriptions for 9 pages');
    expect(text).toContain('https://www.acmecoffee.co.uk/robots.txt');
    expect(text).toContain('Not measured');
    expect(text).toContain('Not applicable');
    expect(text).toContain('and 4 more items of evidence');
    expect(text).toContain('Narrative written with AI from the measured findings');
    expect(text).toContain('Brandlens brand audit');
    expect(text).toMatch(new RegExp(`Page 1 of ${pages}`));
  });

  it('lists recommendations in the shared order', async () => {
    const { text } = await render('order', auditDetailFixture);
    if (text === null) return;
    const table = text.slice(text.lastIndexOf('Recommendations'));
    const positions = sortRecommendations(auditDetailFixture.recommendations).map((r) =>
      table.indexOf(r.title.slice(0, 24)),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('shows coverage beside each area score, and not enough measured instead of a score', async () => {
    const notEnough = {
      enough: false,
      toAdd: ['social handles'],
      applied: 1,
      total: 5,
      coverage: '1 of 5 checks applied',
    };
    const coverage = {
      ...auditDetailFixture.coverage!,
      socialMedia: notEnough,
      brandAssets: { ...notEnough, toAdd: ['a colour palette', 'a logo'], total: 4, coverage: '1 of 4 checks applied' },
    };
    const websiteOnly = {
      ...auditDetailFixture,
      overallScore: 68,
      socialMediaScore: null,
      brandAssetsScore: null,
      coverage,
      analysis: { ...auditDetailFixture.analysis!, coverage },
    };
    const { text } = await render('website-only', websiteOnly);
    if (text === null) return;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('25 of 29 checks applied');
    expect(flat).toContain('1 of 5 checks applied');
    expect(flat).toContain('Not enough measured');
    expect(flat).toContain('Add social handles to the brand to measure it.');
    expect(flat).toContain('Add a colour palette or a logo to the brand to measure it.');
    expect(flat).toContain('left out of the overall score');

    const nothing = await render('nothing-measured', {
      ...websiteOnly,
      overallScore: 0,
      websiteScore: null,
      coverage: { ...coverage, website: notEnough, overallMeasured: false },
    });
    expect(nothing.text?.replace(/\s+/g, ' ')).toContain('has no overall score');
    expect(nothing.text).toContain('NOT ENOUGH MEASURED');
  });

  it("prints each profile's checks once, in the score groups, and says under the profile how they went", async () => {
    const read = {
      network: 'bluesky',
      label: 'Bluesky',
      declared: 'acmecoffee.bsky.social',
      status: 'read' as const,
      reason: null,
      fetchedAt: '2026-03-12T09:00:00.000Z',
      durationMs: 320,
      handle: 'acmecoffee.bsky.social',
      url: 'https://bsky.app/profile/acmecoffee.bsky.social',
      name: 'Acme Coffee',
      bio: 'Coffee roasted in Leeds',
      website: null,
      followers: 1200,
      postsRead: 6,
      engagement: { posts: 6, likes: 12.5 },
      avatar: null,
      compared: [],
    };
    const check = (id: string, title: string, status: 'pass' | 'fail') => ({
      id,
      area: 'socialMedia' as const,
      group: 'profiles',
      title,
      status,
      summary: `Measured as ${status}.`,
      evidence: [],
    });
    const analysis = auditDetailFixture.analysis!;
    const profiles = {
      score: 50,
      coverage: '2 of 2 profile checks applied',
      checks: [
        check('social.bluesky.exists', 'Bluesky: the declared profile exists', 'pass'),
        check('social.bluesky.avatar', 'Bluesky: the profile picture is the logo', 'fail'),
      ],
    };
    const { text } = await render('social-profiles', {
      ...auditDetailFixture,
      analysis: { ...analysis, socialMedia: { ...analysis.socialMedia, profiles }, socialProfiles: [read] },
    });
    if (text === null) return;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Social profiles read');
    expect(flat).toContain('Its 2 checks are listed in the score groups below: 1 passed, 1 failed.');
    expect(flat.split('Bluesky: the declared profile exists')).toHaveLength(2);
    expect(flat.split('Bluesky: the profile picture is the logo')).toHaveLength(2);
  });

  it('says social media is unscored because no profile was read, not because too few checks applied', async () => {
    const unread = {
      enough: false,
      toAdd: [],
      applied: 8,
      total: 11,
      coverage: '8 of 11 checks applied; no profile read from its network',
    };
    const coverage = { ...auditDetailFixture.coverage!, socialMedia: unread };
    const { text } = await render('social-unread', {
      ...auditDetailFixture,
      socialMediaScore: null,
      coverage,
      analysis: { ...auditDetailFixture.analysis!, coverage },
    });
    if (text === null) return;
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('no declared profile could be read from its network');
    expect(flat).toContain('No declared profile could be read from its network this time');
    expect(flat).not.toContain('Social media had too few checks applied');
    expect(flat).not.toContain('Too few checks applied to give it a score.');
  });

  it('uses the white-label company name, footer and logo when branding is given', async () => {
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="40" height="40" fill="#0E7490"/></svg>',
    );
    const { pdf, text } = await render('branded', auditDetailFixture, {
      branding: {
        companyName: 'Northbank Digital',
        primaryColor: '#0E7490',
        secondaryColor: '#F59E0B',
        logo,
        headerText: null,
        footerText: 'Northbank Digital, brand and web consultancy',
        contactEmail: 'hello@northbank.digital',
        website: null,
      },
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (text === null) return;
    expect(text).toContain('Northbank Digital');
    expect(text).toContain('Northbank Digital, brand and web consultancy');
    expect(text).toContain('hello@northbank.digital');
    expect(text).not.toContain('Brandlens brand audit');
  });

  it('says nothing about AI when the narrative was written locally, and copes with awkward input', async () => {
    const awkward = {
      ...auditDetailFixture,
      writtenBy: 'local' as const,
      websiteScore: null,
      brand: { ...auditDetailFixture.brand, name: 'Café Ünïcode ☕ 東京 → “Quotes”' },
      strengths: [`A${'very-long-unbroken-token'.repeat(20)} in a strength.`],
      weaknesses: [],
      recommendations: [],
    };
    const { pdf, text } = await render('awkward', awkward, {
      // a broken colour and an unreadable logo fall back rather than fail
      branding: {
        companyName: 'Agency',
        primaryColor: 'not-a-colour',
        secondaryColor: '#fff',
        logo: Buffer.from('nope'),
      },
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (text === null) return;
    expect(text).not.toContain('written with AI');
    expect(text).toContain('Café Ünïcode');
    expect(text).toContain('No recommendations were made for this audit.');
  });

  it('renders an audit without analysis', async () => {
    const { pdf, text } = await render('no-analysis', { ...auditDetailFixture, analysis: null });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (text === null) return;
    expect(text).toContain('Detailed findings are not available for this audit.');
  });
});
