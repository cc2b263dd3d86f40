import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfWorkspace } from '../../../tests/helpers/pdf.ts';
import { type AnalysedAd, analyseCompetitiveAds } from '../analysis/competitive/index.ts';
import { renderCompetitivePdf } from './render-competitive-pdf.tsx';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
const competitors = Array.from({ length: 6 }, (_, i) => ({
  id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
  name: [
    'Acme Bakes',
    'Beta Bread',
    'The Very Long Named Artisan Sourdough Company of Greater Manchester',
    'Delta Dough',
    'Eta Eats',
    'Zeta',
  ][i] as string,
}));
const texts = [
  'Spring sale: 20% off all loaves. Shop now, ends Sunday.',
  'Rated 4.9 stars by 2,000 customers. Order now for next-day delivery.',
  'Handmade sourdough for families. Book a tasting today.',
  'Catering for small business events. Get a quote.',
  'Introducing our new season menu. Learn more.',
  'Plastic-free packaging, organic flour. Sign up for 10% off.',
];
const ads: AnalysedAd[] = Array.from({ length: 60 }, (_, i) => ({
  id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  competitorId: competitors[i % 4 === 0 ? 0 : i % competitors.length]!.id,
  platform: (['meta', 'google', 'tiktok'] as const)[i % 3]!,
  adTitle: i % 5 === 0 ? null : `Ad number ${i}`,
  adText: texts[i % texts.length]!,
  landingPageTitle: null,
  landingPageCta: null,
  adType: (['image', 'video', 'carousel', null] as const)[i % 4]!,
  campaignObjective: i % 2 ? 'conversions' : 'traffic',
  isActive: i % 7 !== 0,
  firstSeenAt: new Date(NOW.getTime() - ((i * 3) % 90) * DAY),
  lastSeenAt: i % 7 === 0 ? new Date(NOW.getTime() - 2 * DAY) : NOW,
  createdAt: NOW,
  targeting: i === 3 ? { target_ages: ['18', '34'], target_locations: [{ name: 'Leeds' }] } : null,
  spend: i === 5 ? '1000-4999' : null,
  spendCurrency: i === 5 ? 'GBP' : null,
  impressions: i === 5 ? '10000-49999' : null,
  reach: null,
  metaMediaType: i % 3 === 0 ? (i % 9 === 0 ? 'image' : 'video') : null,
  publisherPlatforms: i % 3 === 0 ? (i % 2 ? ['facebook'] : ['facebook', 'instagram']) : [],
}));

function competitiveReport() {
  const figures = analyseCompetitiveAds({
    competitors,
    ads,
    window: { start: new Date(NOW.getTime() - 30 * DAY), end: NOW },
  });
  const cited = new Set(
    Object.values(figures.keyFindings)
      .flat()
      .flatMap((finding) => finding.adIds),
  );
  const report = {
    ...figures,
    id: '00000000-0000-4000-8000-000000000001',
    brandId: '00000000-0000-4000-8000-000000000002',
    reportPeriod: 'monthly' as const,
    startDate: new Date(NOW.getTime() - 30 * DAY).toISOString(),
    endDate: NOW.toISOString(),
    writtenBy: 'local' as const,
    createdAt: NOW.toISOString(),
    citedAds: ads
      .filter(
        (ad) => cited.has(ad.id) || figures.advertisingIntelligence.longevity.some((entry) => entry.adId === ad.id),
      )
      .map((ad) => ({
        id: ad.id,
        competitorId: ad.competitorId,
        competitorName: competitors.find((competitor) => competitor.id === ad.competitorId)!.name,
        platform: ad.platform,
        adId: ad.adId ?? null,
        title: ad.adTitle,
        excerpt: ad.adText,
        runningDays: 10,
        isActive: ad.isActive,
        mediaType: ad.metaMediaType ?? null,
        placements: ad.publisherPlatforms ?? [],
      })),
  };
  return { figures, report };
}

const pdfs = pdfWorkspace('competitive-pdf-');
afterAll(() => pdfs.remove());

describe('the competitive analysis PDF', () => {
  it('lays out the cover, the tables, the charts, the intelligence and the findings with their ads', async () => {
    const { figures, report } = competitiveReport();
    const pdf = await renderCompetitivePdf({ brandName: 'Crumb & Co', report });
    const { pages, text, file } = pdfs.inspect('competitive', pdf);
    // KEEP_PDF=<path> keeps a copy to look at (pdftoppm -png)
    if (process.env.KEEP_PDF) copyFileSync(file, process.env.KEEP_PDF);
    expect(pages).toBeGreaterThanOrEqual(3);
    if (text) {
      expect(text).toContain('Findings at a glance');
      expect(text).toContain('Top competitors');
      expect(text).toContain('New ads per week');
      expect(text).toContain('What is not disclosed');
      expect(text).toContain('Disclosed spend range: GBP 1000-4999');
      expect(text).toContain(figures.keyFindings.threats[0]!.text.slice(0, 40));
      // the Meta fields: media types and placements, and the cited ads say theirs
      expect(text).toContain('Meta ads: media and placements');
      expect(text).toContain('Where they ran (share of the Meta ads)');
      expect(text).toMatch(/Meta on Facebook(, Instagram)? · (video|image|meme)/);
    }
    const mix = figures.keyFindings.threats.find((finding) => finding.rule === 'media-mix');
    expect(mix?.adIds.length).toBeGreaterThan(0);
    if (text) expect(text.replace(/\s+/g, ' ')).toContain(mix!.text.slice(0, 30));
  });

  it('carries the white label: company name, logo, colours, header, footer and contacts, no Brandlens', async () => {
    const { report } = competitiveReport();
    const pdf = await renderCompetitivePdf(
      { brandName: 'Crumb & Co', report },
      {
        branding: {
          companyName: 'Northbank Digital',
          primaryColor: '#0E7490',
          secondaryColor: '#F59E0B',
          logo: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="40" height="40" fill="#F59E0B"/></svg>',
          ),
          headerText: 'Northbank brand reporting',
          footerText: 'Northbank Digital Ltd, Bristol',
          contactEmail: 'hello@northbank.digital',
          contactPhone: '+44 117 496 0000',
          website: 'https://northbank.digital',
        },
      },
    );
    const { text, file } = pdfs.inspect('competitive-branded', pdf);
    if (process.env.KEEP_PDF) copyFileSync(file, process.env.KEEP_PDF);
    if (!text) return;
    expect(text).toContain('Northbank brand reporting');
    expect(text).toContain('Northbank Digital Ltd, Bristol | hello@northbank.digital | +44 117 496 0000');
    expect(text).not.toContain('Brandlens');
  });

  it('shows platform shares that add up to 100 and says when shares overlap', async () => {
    // 3, 2 and 2 ads: each share rounded on its own would read 43 + 29 + 29 = 101
    const platforms = ['meta', 'meta', 'meta', 'google', 'google', 'tiktok', 'tiktok'] as const;
    const seven = platforms.map((platform, i) => ({
      ...ads[i]!,
      platform,
      competitorId: competitors[0]!.id,
      firstSeenAt: new Date(NOW.getTime() - 5 * DAY),
      lastSeenAt: NOW,
    }));
    const figures = analyseCompetitiveAds({
      competitors,
      ads: seven,
      window: { start: new Date(NOW.getTime() - 90 * DAY), end: NOW },
    });
    const report = { ...competitiveReport().report, ...figures, citedAds: [] };
    const { text } = pdfs.inspect(
      'competitive-shares',
      await renderCompetitivePdf({ brandName: 'Crumb & Co', report }),
    );
    if (!text) return;
    const where = text.slice(text.indexOf('Where they advertise'), text.indexOf('Where they advertise') + 200);
    expect(where).toMatch(/3 \(43%\)/);
    expect(where).toMatch(/2 \(29%\)/);
    expect(where).toMatch(/2 \(28%\)/);
    expect(text).toContain('An ad can count under several, so these shares do not add up to 100%.');
  });
});
