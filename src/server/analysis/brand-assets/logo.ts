/**
 * Logo quality, read with sharp: resolution (vector, or a raster at least 512 px on its short
 * side), transparency (rasters need an alpha channel that is actually used), file size and format.
 */
import sharp from 'sharp';
import { type CheckMeta, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult } from '../types.ts';

export const LOGO_MIN_SHORT_SIDE = 512;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const PREFERRED_FORMATS = ['png', 'svg', 'webp'];

export type LogoFile = { buffer: Buffer; mimetype: string };

const meta = (id: string, title: string): CheckMeta => ({
  id: `brand.${id}`,
  area: 'brandAssets',
  group: 'logoQuality',
  title,
});
const CHECKS = {
  resolution: meta('logo-resolution', 'The logo is a vector or a raster of at least 512 px'),
  transparency: meta('logo-transparency', 'The logo has a transparent background'),
  size: meta('logo-file-size', 'The logo file is at most 2 MB'),
  format: meta('logo-format', 'The logo is a PNG, SVG or WebP file'),
};

const FORMAT_NAMES: Record<string, string> = {
  png: 'PNG',
  svg: 'SVG',
  webp: 'WebP',
  jpeg: 'JPEG',
  gif: 'GIF',
  tiff: 'TIFF',
  heif: 'HEIF/AVIF',
  avif: 'AVIF',
  jp2: 'JPEG 2000',
  jxl: 'JPEG XL',
};

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** An SVG that only wraps a bitmap (an <image> and no shapes or text) is a raster in disguise. */
function svgIsOnlyBitmap(svg: string): boolean {
  const hasImage = /<image[\s>]/i.test(svg);
  const hasShapes = /<(path|rect|circle|ellipse|line|polyline|polygon|text|use)[\s>/]/i.test(svg);
  return hasImage && !hasShapes;
}

export async function runLogoChecks(logo: LogoFile | null): Promise<CheckResult[]> {
  if (!logo) {
    return Object.values(CHECKS).map((check) => makeCheck(check, 'not_measured', 'Not measured: no logo uploaded'));
  }
  const bytes = logo.buffer.length;
  const sizeCheck = makeCheck(
    CHECKS.size,
    bytes <= LOGO_MAX_BYTES ? 'pass' : 'fail',
    `The logo file is ${megabytes(bytes)} (at most 2 MB)`,
    [{ value: bytes, note: 'bytes' }],
  );

  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(logo.buffer).metadata();
  } catch (error) {
    const reason = `the file could not be read as an image (${(error as Error).message})`;
    return [
      makeCheck(CHECKS.resolution, 'not_measured', `Not measured: ${reason}`),
      makeCheck(CHECKS.transparency, 'not_measured', `Not measured: ${reason}`),
      sizeCheck,
      makeCheck(CHECKS.format, 'fail', `The logo is not a readable image file (${logo.mimetype})`, [
        { value: logo.mimetype },
      ]),
    ];
  }

  // The format sharp read from the bytes, not the declared MIME type.
  const format = String(metadata.format);
  const formatName = FORMAT_NAMES[format] ?? format.toUpperCase();
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const dimensions = `${width} × ${height} px`;

  const formatCheck = makeCheck(
    CHECKS.format,
    PREFERRED_FORMATS.includes(format) ? 'pass' : 'fail',
    PREFERRED_FORMATS.includes(format)
      ? `The logo is ${formatName === 'SVG' ? 'an' : 'a'} ${formatName} file`
      : `The logo is a ${formatName} file; PNG, SVG or WebP is preferred`,
    [{ value: formatName, note: logo.mimetype }],
  );

  let resolutionCheck: CheckResult;
  let transparencyCheck: CheckResult;
  if (format === 'svg') {
    const svg = logo.buffer.toString('utf8');
    resolutionCheck = svgIsOnlyBitmap(svg)
      ? makeCheck(
          CHECKS.resolution,
          'fail',
          'The SVG logo only wraps a bitmap image, so it does not scale like a vector',
          [{ value: dimensions, note: 'SVG with an embedded bitmap and no vector shapes' }],
        )
      : makeCheck(CHECKS.resolution, 'pass', 'The logo is a vector (SVG), sharp at any size', [
          { value: 'vector', note: dimensions },
        ]);
    transparencyCheck = makeCheck(
      CHECKS.transparency,
      'not_applicable',
      'Transparency applies to raster logos; this one is a vector (SVG)',
    );
  } else {
    const shortSide = Math.min(width, height);
    resolutionCheck = makeCheck(
      CHECKS.resolution,
      shortSide >= LOGO_MIN_SHORT_SIDE ? 'pass' : 'fail',
      `The logo is ${dimensions}; its short side is ${shortSide} px (at least ${LOGO_MIN_SHORT_SIDE} px)`,
      [{ value: shortSide, note: dimensions }],
    );
    if (!metadata.hasAlpha) {
      transparencyCheck = makeCheck(
        CHECKS.transparency,
        'fail',
        `The logo has no alpha channel, so its background is never transparent (${formatName})`,
        [{ value: false, note: 'alpha channel' }],
      );
    } else {
      const { isOpaque } = await sharp(logo.buffer).stats();
      transparencyCheck = isOpaque
        ? makeCheck(CHECKS.transparency, 'fail', 'The logo has an alpha channel but every pixel is opaque', [
            { value: true, note: 'alpha channel' },
            { value: false, note: 'transparent pixels' },
          ])
        : makeCheck(CHECKS.transparency, 'pass', 'The logo has transparent pixels (alpha channel in use)', [
            { value: true, note: 'alpha channel' },
            { value: true, note: 'transparent pixels' },
          ]);
    }
  }
  return [resolutionCheck, transparencyCheck, sizeCheck, formatCheck];
}
