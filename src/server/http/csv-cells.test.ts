import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BYTE_ORDER_MARK, csvCell, csvLine } from './csv-writer.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and empty values empty', () => {
    expect(csvCell('Great coffee')).toBe('Great coffee');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('csvLine', () => {
  it('reads back as the same cells, a line at a time', () => {
    const cells = ['Café, "Noir"', "=cmd|' /C calc'!A0", 'line\nbreak', '', '@x'];
    const text =
      CSV_BYTE_ORDER_MARK + csvLine(['h1', 'h2', 'h3', 'h4', 'h5']) + csvLine([...cells.slice(0, 3), null, cells[4]]);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['h1', 'h2', 'h3', 'h4', 'h5'],
      ['Café, "Noir"', "'=cmd|' /C calc'!A0", 'line\nbreak', '', "'@x"],
    ]);
  });
});
