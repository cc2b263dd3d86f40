/**
 * The bytes of an uploaded CSV file as text, or why they cannot be read. Only UTF-8 is accepted
 * (with or without a byte-order mark): a file in another encoding, or one that mixes UTF-8 with
 * Latin-1 bytes (rows pasted together from different exports), would be stored with mangled
 * letters, so it is refused with the line where the problem starts and how to fix it.
 */
import { storableText } from '../../../db/storable.ts';

export type DecodedCsv = { ok: true; text: string } | { ok: false; message: string };

const SAVE_AS_UTF8 = "Save it from your spreadsheet as 'CSV UTF-8' and import it again.";

/** Formats people pick by mistake, by their first bytes. */
const SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'an Excel workbook or a zip archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an Excel 97-2003 workbook' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) if (bytes[index] === 0x0a) line++;
  return line;
}

/** Length of the valid UTF-8 sequence at `index`, or 0 when the bytes there are not UTF-8. */
function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  const cont = (offset: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[index + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (lead === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0; // no surrogates
  if (lead >= 0xe1 && lead <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (lead === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (lead >= 0xf1 && lead <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (lead === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Where the bytes stop being UTF-8 (-1: they never do), and whether any multi-byte UTF-8 came first or after. */
function scanUtf8(bytes: Uint8Array, from: number): { invalidAt: number; multibyte: number } {
  let invalidAt = -1;
  let multibyte = 0;
  for (let index = from; index < bytes.length; ) {
    if (bytes[index]! < 0x80) {
      index++;
      continue;
    }
    const length = utf8SequenceLength(bytes, index);
    if (length === 0) {
      if (invalidAt === -1) invalidAt = index;
      index++;
    } else {
      multibyte++;
      index += length;
    }
  }
  return { invalidAt, multibyte };
}

/**
 * Text with many NUL bytes is binary, or UTF-16 when every other byte is NUL. A few stray NULs
 * (at most 1 byte in 100 of the first 4 KB, as a faulty export leaves) are not: they are removed
 * when the text is decoded, so one damaged cell does not cost the whole file.
 */
function nulBytes(bytes: Uint8Array): DecodedCsv | null {
  const sample = bytes.subarray(0, 4096);
  let nul = 0;
  let evenNul = 0;
  for (let index = 0; index < sample.length; index++) {
    if (sample[index] === 0) {
      nul++;
      if (index % 2 === 0) evenNul++;
    }
  }
  if (nul <= Math.max(2, sample.length / 100)) return null;
  const pairs = sample.length / 2;
  if (nul > pairs * 0.6 && (evenNul > pairs * 0.6 || nul - evenNul > pairs * 0.6)) {
    return { ok: false, message: `The file is saved as UTF-16 text. ${SAVE_AS_UTF8}` };
  }
  return { ok: false, message: 'The file is not a CSV file: it holds binary data.' };
}

export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty.' };
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return { ok: false, message: `The file is saved as UTF-16 text. ${SAVE_AS_UTF8}` };
  }
  for (const signature of SIGNATURES) {
    if (startsWith(bytes, signature.bytes)) {
      return { ok: false, message: `The file is ${signature.what}, not a CSV file. ${SAVE_AS_UTF8}` };
    }
  }
  const binary = nulBytes(bytes);
  if (binary) return binary;
  const from = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const { invalidAt, multibyte } = scanUtf8(bytes, from);
  if (invalidAt !== -1) {
    const line = lineOf(bytes, invalidAt);
    if (multibyte > 0 || from === 3) {
      return {
        ok: false,
        message: `The file mixes encodings: it is UTF-8, but line ${line} has text in another encoding (such as Latin-1). ${SAVE_AS_UTF8}`,
      };
    }
    return {
      ok: false,
      message: `The file is not UTF-8: line ${line} has text in another encoding (such as Latin-1 or Windows-1252). ${SAVE_AS_UTF8}`,
    };
  }
  return { ok: true, text: storableText(new TextDecoder('utf-8').decode(bytes.subarray(from))) };
}
