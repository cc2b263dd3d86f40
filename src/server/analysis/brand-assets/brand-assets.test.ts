import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fixtureBuffer,
  fixtureText,
  goodPage,
  resourceOf,
  snapshotOf,
} from '../../../../tests/fixtures/analysis/snapshot.ts';
import { contrastRatio, runContrastChecks, wcagLevel } from './contrast.ts';
import { fontKey, fontUsage, googleFontsFamilies, runFontChecks, splitFamilies } from './fonts.ts';
import { runBrandAssetChecks } from './index.ts';
import { runLogoChecks } from './logo.ts';

const byId = <T extends { id: string }>(checks: T[]): Record<string, T> =>
  Object.fromEntries(checks.map((check) => [check.id, check]));

describe('brand.contrast-*', () => {
  it('computes WCAG 2.x ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect([wcagLevel(7.1), wcagLevel(4.5), wcagLevel(3.2), wcagLevel(2)]).toEqual([
      'AAA',
      'AA',
      'AA large text only',
      'fails AA',
    ]);
  });

  it('passes a palette whose colours all have a readable partner', () => {
    const checks = byId(runContrastChecks(['#1A2B3C', '#FFFFFF', '#C2410C', 'rebeccapurple']));
    expect(checks['brand.contrast-text-pair']).toMatchObject({
      area: 'brandAssets',
      group: 'colourContrast',
      status: 'pass',
      summary: 'The darkest and lightest colours (#1a2b3c on #ffffff) have a contrast of 14.44:1 (AAA)',
    });
    expect(checks['brand.contrast-every-colour']).toMatchObject({
      status: 'pass',
      summary: 'All 4 colours reach 4.5:1 with another palette colour',
    });
    expect(checks['brand.contrast-every-colour']?.evidence[0]).toMatchObject({
      selector: '#1a2b3c with #ffffff',
      value: 14.44,
    });
  });

  it('fails a palette without a readable pair, listing the weak colours first', () => {
    const checks = byId(runContrastChecks(['#FFD166', '#F4A261', '#E9C46A']));
    expect(checks['brand.contrast-text-pair']?.status).toBe('fail');
    const every = checks['brand.contrast-every-colour']!;
    expect(every.status).toBe('fail');
    expect(every.summary).toBe(
      '0 of 3 colours reach 4.5:1 with another palette colour; #ffd166, #f4a261 and #e9c46a do not',
    );
    expect(every.evidence[0]?.note).toBe('best partner in the palette: fails AA');
  });

  it('fails only the colours without a partner when the core pair is fine', () => {
    const checks = byId(runContrastChecks(['#333333', '#eeeeee', '#888888']));
    expect(checks['brand.contrast-text-pair']?.status).toBe('pass');
    const every = checks['brand.contrast-every-colour']!;
    expect(every.status).toBe('fail');
    expect(every.summary).toBe('2 of 3 colours reach 4.5:1 with another palette colour; #888888 does not');
    expect(every.evidence[0]).toMatchObject({
      selector: '#888888 with #333333',
      note: 'best partner in the palette: AA large text only',
    });
  });

  it('is not applicable with fewer than two colours, and leaves out entries that are not colours', () => {
    const checks = runContrastChecks(['#123456', 'not-a-colour']);
    expect(checks.map((check) => check.status)).toEqual(['not_applicable', 'not_applicable']);
    expect(checks[0]?.summary).toBe('The palette has 1 usable colour; contrast needs at least 2');
    expect(checks[0]?.evidence).toEqual([{ value: 'not-a-colour', note: 'Not a colour; left out' }]);
  });
});

describe('brand.logo-*', () => {
  const png = (width: number, height: number, alpha: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 194, g: 65, b: 12, alpha } } })
      .png()
      .toBuffer();

  it('passes a large PNG with transparent pixels', async () => {
    const transparent = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await png(300, 300, 1), top: 150, left: 150 }])
      .png()
      .toBuffer();
    const checks = byId(await runLogoChecks({ buffer: transparent, mimetype: 'image/png' }));
    expect(checks['brand.logo-resolution']).toMatchObject({
      status: 'pass',
      summary: 'The logo is 600 × 600 px; its short side is 600 px (at least 512 px)',
    });
    expect(checks['brand.logo-transparency']).toMatchObject({
      status: 'pass',
      summary: 'The logo has transparent pixels (alpha channel in use)',
    });
    expect(checks['brand.logo-file-size']?.status).toBe('pass');
    expect(checks['brand.logo-format']).toMatchObject({ status: 'pass', summary: 'The logo is a PNG file' });
  });

  it('fails a small JPEG (no alpha) and an opaque PNG', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const checks = byId(await runLogoChecks({ buffer: jpeg, mimetype: 'image/jpeg' }));
    expect(checks['brand.logo-resolution']).toMatchObject({
      status: 'fail',
      summary: 'The logo is 300 × 120 px; its short side is 120 px (at least 512 px)',
    });
    expect(checks['brand.logo-transparency']?.status).toBe('fail');
    expect(checks['brand.logo-format']).toMatchObject({
      status: 'fail',
      summary: 'The logo is a JPEG file; PNG, SVG or WebP is preferred',
    });
    const opaque = byId(await runLogoChecks({ buffer: await png(600, 600, 1), mimetype: 'image/png' }));
    expect(opaque['brand.logo-transparency']).toMatchObject({
      status: 'fail',
      summary: 'The logo has an alpha channel but every pixel is opaque',
    });
  });

  it('fails a file over 2 MB', async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 900 * 900 * 3 }, (_, index) => (index * 2654435761) % 251)),
      {
        raw: { width: 900, height: 900, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const size = byId(await runLogoChecks({ buffer: noisy, mimetype: 'image/png' }))['brand.logo-file-size']!;
    expect(size.status).toBe('fail');
    expect(size.summary).toMatch(/^The logo file is 2\.\d\d MB \(at most 2 MB\)$/);
  });

  it('passes a vector SVG, and fails an SVG that only wraps a bitmap', async () => {
    const vector = byId(await runLogoChecks({ buffer: fixtureBuffer('images/logo.svg'), mimetype: 'image/svg+xml' }));
    expect(vector['brand.logo-resolution']).toMatchObject({
      status: 'pass',
      summary: 'The logo is a vector (SVG), sharp at any size',
    });
    expect(vector['brand.logo-transparency']?.status).toBe('not_applicable');
    expect(vector['brand.logo-format']?.summary).toBe('The logo is an SVG file');
    const wrapped = byId(
      await runLogoChecks({ buffer: fixtureBuffer('images/raster-in-svg.svg'), mimetype: 'image/svg+xml' }),
    );
    expect(wrapped['brand.logo-resolution']?.status).toBe('fail');
  });

  it('judges the format by the bytes, not the declared MIME type', async () => {
    const checks = byId(await runLogoChecks({ buffer: await png(600, 600, 0.5), mimetype: 'image/svg+xml' }));
    expect(checks['brand.logo-format']?.summary).toBe('The logo is a PNG file');
    expect(checks['brand.logo-resolution']?.summary).toBe(
      'The logo is 600 × 600 px; its short side is 600 px (at least 512 px)',
    );
  });

  it('is not measured without a logo, and fails the format of an unreadable file', async () => {
    const none = await runLogoChecks(null);
    expect(none.map((check) => [check.status, check.summary])).toEqual(
      Array.from({ length: 4 }, () => ['not_measured', 'Not measured: no logo uploaded']),
    );
    const broken = byId(await runLogoChecks({ buffer: Buffer.from('not an image'), mimetype: 'image/png' }));
    expect(broken['brand.logo-format']?.status).toBe('fail');
    expect(broken['brand.logo-resolution']?.status).toBe('not_measured');
  });
});

describe('brand.fonts-declared-used and brand.font-family-count', () => {
  const site = (css: string, html = goodPage()) =>
    snapshotOf([{ url: 'https://example.com/', html }], {
      stylesheets: [resourceOf('https://example.com/site.css', css, 200, 'text/css')],
    });

  it('reads families from stacks, the font shorthand and CSS variables', () => {
    expect(splitFamilies(`"Source Sans 3", 'Segoe UI', Arial, sans-serif !important`)).toEqual([
      'Source Sans 3',
      'Segoe UI',
      'Arial',
      'sans-serif',
    ]);
    const usage = fontUsage([{ url: 'site.css', css: fixtureText('css/site.css') }]);
    expect([...usage.primary.keys()]).toEqual(['source sans 3', 'playfair display']);
    expect(usage.loaded).toEqual(new Set(['playfair display', 'unused script']));
    expect(
      googleFontsFamilies(
        'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Playfair+Display&display=swap',
      ),
    ).toEqual(['Inter', 'Playfair Display']);
    expect(fontKey('Inter Semi Bold')).toBe('inter');
  });

  it('passes when the declared fonts are the ones the CSS sets, in at most 3 families', () => {
    const checks = byId(runFontChecks(['Playfair Display Bold', 'Source Sans 3'], site(fixtureText('css/site.css'))));
    expect(checks['brand.fonts-declared-used']).toMatchObject({
      status: 'pass',
      summary: 'All 2 declared fonts are used by the website',
    });
    expect(checks['brand.font-family-count']).toMatchObject({
      status: 'pass',
      summary: "The website's CSS sets 2 font families (Playfair Display, Source Sans 3); at most 3 recommended",
    });
  });

  it('fails unused declared fonts (saying why) and too many families', () => {
    const html = goodPage({
      head: '<style>.hero { font-family: "Brand Serif", serif }</style>',
      body: '<h1 style="font-family: Verdana">Hi</h1>',
    });
    const checks = byId(
      runFontChecks(['Inter', 'Georgia', 'Unused Script'], site(fixtureText('css/many-fonts.css'), html)),
    );
    const declared = checks['brand.fonts-declared-used']!;
    expect(declared.status).toBe('fail');
    expect(declared.summary).toBe('1 of 3 declared fonts is used by the website; not used: Inter, Unused Script');
    // only the fonts not used: a used font listed under a failure would read as one
    expect(declared.evidence.map((item) => item.note)).toEqual(['Not found in the CSS', 'Not found in the CSS']);
    const families = checks['brand.font-family-count']!;
    expect(families.status).toBe('fail');
    expect(families.summary).toMatch(/^The website's CSS sets 7 font families \(/);
  });

  it('is not applicable with no declared fonts and no CSS, and not measured with fonts but no CSS', () => {
    const bare = snapshotOf([{ url: 'https://example.com/', html: '<html><body>x</body></html>' }]);
    expect(runFontChecks([], bare).map((check) => check.status)).toEqual(['not_applicable', 'not_applicable']);
    expect(runFontChecks(['Inter'], bare)[0]).toMatchObject({
      status: 'not_measured',
      summary: 'Not measured: no stylesheet or inline style could be read',
    });
  });
});

describe('runBrandAssetChecks', () => {
  it('returns the three groups in order', async () => {
    const checks = await runBrandAssetChecks(
      { colourPalette: ['#000', '#fff'], fonts: [], logo: null },
      snapshotOf([{ url: 'https://example.com/', html: goodPage() }]),
    );
    expect(checks.map((check) => check.group)).toEqual([
      'colourContrast',
      'colourContrast',
      'logoQuality',
      'logoQuality',
      'logoQuality',
      'logoQuality',
      'fontConsistency',
      'fontConsistency',
    ]);
  });
});
