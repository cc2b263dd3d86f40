/**
 * A perceptual hash of an image, to tell whether a profile picture is the brand's logo: a difference
 * hash (dHash). The image is laid on white (a transparent logo and the same logo on a white avatar
 * look alike), turned grey and shrunk to 9 × 8 pixels; each of the 64 bits says whether a pixel is
 * brighter than its right-hand neighbour. Re-encoding, resizing and small colour shifts keep most
 * bits; a different picture changes about half of them. Two hashes match when at most
 * AVATAR_MATCH_MAX_DISTANCE of the 64 bits differ (Hamming distance).
 */
import sharp from 'sharp';

/** At most this many of 64 bits may differ for two images to count as the same picture. */
export const AVATAR_MATCH_MAX_DISTANCE = 10;
export const HASH_BITS = 64;

/** 16 hex digits. Throws when the bytes are not an image sharp can read. */
export async function differenceHash(image: Buffer): Promise<string> {
  const { data } = await sharp(image, { failOn: 'none' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let bits = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = data[row * 9 + column]!;
      const right = data[row * 9 + column + 1]!;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many bits of two hex hashes differ. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** A small PNG of the image as a data: address, kept with the audit so the report shows what was compared. */
export async function thumbnailDataUrl(image: Buffer, size = 64): Promise<string> {
  const png = await sharp(image, { failOn: 'none' })
    .resize(size, size, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
