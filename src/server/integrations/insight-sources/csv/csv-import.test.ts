import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertMappingFits, CsvRefusedError, mapCsvRows, parseCsvText, readCsvFile } from './csv-import.ts';
import { parseCsvDate, parseCsvRating } from './csv-values.ts';
import { decodeCsvBytes } from './text-encoding.ts';

const CSV = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/insight-sources/csv');
const fixture = (name: string) => fs.readFileSync(path.join(CSV, name));
const NOW = new Date('2026-01-01T12:00:00Z');

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvRefusedError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('reading the 1,000-row fixture', () => {
  const table = readCsvFile(fixture('reviews-1000.csv'));

  it('reads the header and every row, quoted commas and quotes included', () => {
    expect(table.headers).toEqual(['Review ID', 'Reviewer', 'Review Date', 'Stars', 'Review Text', 'Platform']);
    expect(table.rows).toHaveLength(1000);
    expect(table.rows[0]?.line).toBe(2);
    expect(table.rows[0]?.fields[4]).toContain('"proper coffee, finally"');
  });

  it('maps every row with its date, rating, author and platform', () => {
    const { items, badRows } = mapCsvRows(
      table,
      { content: 'Review Text', author: 'Reviewer', date: 'Review Date', rating: 'Stars', platform: 'Platform' },
      NOW,
    );
    expect(badRows).toEqual([]);
    expect(items).toHaveLength(1000);
    expect(items[1]).toMatchObject({
      line: 3,
      author: 'Ben H.',
      platform: 'Trustpilot',
      rating: 5,
      date: new Date('2024-01-01T12:00:00Z'),
    });
  });
});

describe('bad rows', () => {
  const table = readCsvFile(fixture('bad-rows.csv'));
  const { items, badRows } = mapCsvRows(
    table,
    { content: 'Comment', author: 'Reviewer', date: 'Date', rating: 'Rating' },
    NOW,
  );

  it('are reported by the line they start on, and the good rows are kept', () => {
    expect(badRows).toEqual([
      { line: 3, reason: 'The content is blank' },
      { line: 4, reason: 'The content is longer than 10,000 characters (10,050)' },
      { line: 5, reason: 'The date "31/02/2024" is not a date we can read (use 2024-03-05 or 05/03/2024)' },
      { line: 6, reason: 'The rating "great" is not a number' },
      {
        line: 9,
        reason: 'The row has 5 fields but the header has 4: text with a comma in it needs quotes',
      },
    ]);
    expect(items.map((item) => item.line)).toEqual([2, 7, 11]);
  });

  it('keeps line breaks inside quoted text, reads stars, and leaves a missing date to the import', () => {
    expect(items[1]).toMatchObject({
      content: 'Bright, floral beans.\nGreat as a pour-over.',
      rating: 4,
      date: new Date('2024-03-09T10:30:00Z'),
    });
    expect(items[2]).toMatchObject({ author: 'Aisha K.', date: null, rating: 4.5 });
  });
});

describe('other exports', () => {
  it('reads semicolon-separated files with a byte-order mark and decimal commas', () => {
    const table = readCsvFile(fixture('semicolon.csv'));
    expect(table.delimiter).toBe(';');
    expect(table.headers).toEqual(['Auteur', 'Date', 'Note', 'Avis']);
    const { items } = mapCsvRows(table, { content: 'Avis', author: 'Auteur', date: 'Date', rating: 'Note' }, NOW);
    expect(items[0]).toMatchObject({ author: 'Léa M.', content: 'Très bon café; service rapide.', rating: 4.5 });
  });
});

describe('refusing a file', () => {
  it('that is not UTF-8, or mixes it with Latin-1, naming the line', () => {
    expect(refusal(() => readCsvFile(fixture('latin1.csv')))).toBe(
      "The file is not UTF-8: line 2 has text in another encoding (such as Latin-1 or Windows-1252). Save it from your spreadsheet as 'CSV UTF-8' and import it again.",
    );
    expect(refusal(() => readCsvFile(fixture('mixed-encoding.csv')))).toBe(
      "The file mixes encodings: it is UTF-8, but line 3 has text in another encoding (such as Latin-1). Save it from your spreadsheet as 'CSV UTF-8' and import it again.",
    );
  });

  it('that is not CSV at all', () => {
    const png = fs.readFileSync(path.resolve(CSV, '../../site/images/logo.png'));
    expect(refusal(() => readCsvFile(png))).toMatch(/^The file is a PNG image, not a CSV file\./);
    expect(refusal(() => readCsvFile(Buffer.from('PK\u0003\u0004rest')))).toMatch(/an Excel workbook or a zip archive/);
    expect(refusal(() => readCsvFile(Buffer.from('<!DOCTYPE html><html></html>')))).toBe(
      'The file is an HTML or XML document, not CSV. Export the reviews as a CSV file and import that.',
    );
    expect(refusal(() => readCsvFile(Buffer.from('{"reviews": []}')))).toMatch(/^The file is JSON, not CSV/);
    expect(refusal(() => parseCsvText('a,b\n"unclosed,2\n'))).toBe(
      'The file is not valid CSV: a quoted field is never closed on line 2.',
    );
    expect(refusal(() => parseCsvText('a,b\n1,2,3\n4,5,6\n7,8\n'))).toBe(
      'The file is not a CSV table: 2 of 3 rows have a different number of fields from the header row.',
    );
  });

  it('that is empty, has no rows, or too many', () => {
    expect(refusal(() => readCsvFile(Buffer.alloc(0)))).toBe('The file is empty.');
    expect(refusal(() => readCsvFile(fixture('header-only.csv')))).toBe(
      'The file has a header row but no rows to import.',
    );
    const rows = ['text', ...Array.from({ length: 11 }, (_, index) => `row ${index}`)].join('\n');
    expect(refusal(() => parseCsvText(rows, 10))).toBe(
      'The file has 11 rows; at most 10 can be imported at once. Split it into smaller files.',
    );
  });

  it('whose mapping names a column it lacks', () => {
    const table = readCsvFile(fixture('semicolon.csv'));
    expect(refusal(() => assertMappingFits(table, { content: 'Review', rating: 'Note' }))).toBe(
      'The file has no column "Review". Its columns are: "Auteur", "Date", "Note", "Avis".',
    );
  });
});

describe('encodings', () => {
  it('accepts UTF-8 with or without a byte-order mark, and refuses UTF-16', () => {
    expect(decodeCsvBytes(Buffer.from('\uFEFFa,b\n', 'utf8'))).toEqual({ ok: true, text: 'a,b\n' });
    expect(decodeCsvBytes(Buffer.from('naïve,😀\n', 'utf8'))).toEqual({ ok: true, text: 'naïve,😀\n' });
    expect(decodeCsvBytes(Buffer.from('\uFEFFa,b\n', 'utf16le'))).toMatchObject({ ok: false });
    expect(decodeCsvBytes(Buffer.from('a,b\nc,d\n', 'utf16le'))).toEqual({
      ok: false,
      message: "The file is saved as UTF-16 text. Save it from your spreadsheet as 'CSV UTF-8' and import it again.",
    });
  });

  it('refuses overlong forms and surrogates, which are not UTF-8', () => {
    expect(decodeCsvBytes(Buffer.from([0x61, 0xc0, 0xaf]))).toMatchObject({ ok: false });
    expect(decodeCsvBytes(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toMatchObject({ ok: false });
  });
});

describe('dates', () => {
  const date = (value: string) => {
    const parsed = parseCsvDate(value, NOW);
    return parsed.ok ? parsed.value?.toISOString() : parsed.reason;
  };

  it('reads ISO dates and times, with zones', () => {
    expect(date('2024-03-05')).toBe('2024-03-05T12:00:00.000Z');
    expect(date('2024-03-05T14:30')).toBe('2024-03-05T14:30:00.000Z');
    expect(date('2024-03-05 14:30:15')).toBe('2024-03-05T14:30:15.000Z');
    expect(date('2024-03-05T14:30:00+01:00')).toBe('2024-03-05T13:30:00.000Z');
    expect(date('2024-03-05T14:30:00.123Z')).toBe('2024-03-05T14:30:00.000Z');
  });

  it('reads day-first dates as en-GB writes them, and English month names', () => {
    expect(date('05/03/2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(date('5-3-2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(date('05.03.24 09:15')).toBe('2024-03-05T09:15:00.000Z');
    expect(date('5 March 2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(date('5th Mar 2024')).toBe('2024-03-05T12:00:00.000Z');
    expect(date('March 5, 2024')).toBe('2024-03-05T12:00:00.000Z');
  });

  it('refuses what it cannot read without guessing', () => {
    expect(date('03/15/2024')).toMatch(/is not a date we can read/);
    expect(date('31/02/2024')).toMatch(/is not a date we can read/);
    expect(date('yesterday')).toMatch(/is not a date we can read/);
    expect(date('45357')).toMatch(/is not a date we can read/);
    expect(date('2030-01-01')).toBe('The date "2030-01-01" is in the future');
    expect(parseCsvDate('  ', NOW)).toEqual({ ok: true, value: null });
  });
});

describe('ratings', () => {
  const rating = (value: string) => {
    const parsed = parseCsvRating(value);
    return parsed.ok ? parsed.value : parsed.reason;
  };

  it('reads 1-5 numbers, scales, percentages and stars', () => {
    expect(rating('4')).toBe(4);
    expect(rating('4,5')).toBe(4.5);
    expect(rating('4/5')).toBe(4);
    expect(rating('4 out of 5')).toBe(4);
    expect(rating('8/10')).toBe(4.2);
    expect(rating('0/10')).toBe(1);
    expect(rating('80%')).toBe(4.2);
    expect(rating('★★★☆☆')).toBe(3);
    expect(rating('****')).toBe(4);
    expect(rating('')).toBeNull();
  });

  it('refuses numbers with no scale and values off their scale', () => {
    expect(rating('8')).toBe('The rating "8" is not on a 1 to 5 scale (write other scales as 8/10)');
    expect(rating('0')).toMatch(/is not on a 1 to 5 scale/);
    expect(rating('11/10')).toBe('The rating "11/10" is not a rating we can place on 1 to 5');
    expect(rating('★★★★★★')).toBe('The rating "★★★★★★" is not 1 to 5 stars');
    expect(rating('good')).toBe('The rating "good" is not a number');
  });
});
