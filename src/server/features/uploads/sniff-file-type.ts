/**
 * What a file is, from its first bytes rather than its name or the browser's claim. Only the
 * types Brandlens accepts are recognised; anything else is null.
 */
export type SniffedType = { mimetype: string; extension: string };

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, index) => buffer[offset + index] === byte);

export function sniffFileType(buffer: Buffer): SniffedType | null {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimetype: 'image/png', extension: 'png' };
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mimetype: 'image/jpeg', extension: 'jpg' };
  if (startsWith(buffer, [0x47, 0x49, 0x46, 0x38])) return { mimetype: 'image/gif', extension: 'gif' };
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { mimetype: 'image/webp', extension: 'webp' };
  }
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mimetype: 'application/pdf', extension: 'pdf' };
  if (looksLikeSvg(buffer)) return { mimetype: 'image/svg+xml', extension: 'svg' };
  return null;
}

function looksLikeSvg(buffer: Buffer): boolean {
  const head = buffer
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('<')) return false;
  // Skip an XML declaration, comments and a doctype before the root element.
  const withoutProlog = head.replace(/^(<\?xml[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(withoutProlog);
}
