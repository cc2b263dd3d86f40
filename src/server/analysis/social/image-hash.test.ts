import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MATCH_MAX_DISTANCE, differenceHash, hammingDistance, thumbnailDataUrl } from './image-hash.ts';

const fixture = (name: string) => readFile(new URL(`../../../../tests/fixtures/images/${name}`, import.meta.url));

describe('differenceHash', () => {
  it('gives the logo re-encoded as a JPEG and resized a hash within the match threshold', async () => {
    const logo = await differenceHash(await fixture('brand-logo.png'));
    const avatar = await differenceHash(await fixture('avatar-logo-reencoded.jpg'));
    expect(logo).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(logo, avatar)).toBeLessThanOrEqual(AVATAR_MATCH_MAX_DISTANCE);
  });

  it('keeps a match through a lower JPEG quality and a small size', async () => {
    const logo = await fixture('brand-logo.png');
    const small = await sharp(logo).flatten({ background: '#fff' }).resize(48, 48).jpeg({ quality: 20 }).toBuffer();
    expect(hammingDistance(await differenceHash(logo), await differenceHash(small))).toBeLessThanOrEqual(
      AVATAR_MATCH_MAX_DISTANCE,
    );
  });

  it('tells a different image apart: its distance is beyond the threshold', async () => {
    const logo = await differenceHash(await fixture('brand-logo.png'));
    const other = await differenceHash(await fixture('avatar-other.png'));
    expect(hammingDistance(logo, other)).toBeGreaterThan(AVATAR_MATCH_MAX_DISTANCE);
  });

  it('throws on bytes that are not an image', async () => {
    await expect(differenceHash(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('hammingDistance and thumbnails', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000010')).toBe(3);
  });

  it('makes a PNG data address of the image', async () => {
    const url = await thumbnailDataUrl(await fixture('brand-logo.png'));
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([64, 64]);
  });
});
