import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvCell, csvLine } from './csv-writer.ts';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and nothing as an empty cell', () => {
    expect(csvCell('Fresh coffee')).toBe('Fresh coffee');
    expect(csvCell(41)).toBe('41');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('keeps a cell that starts like a formula from being run, with a leading apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-5% off')).toBe("'-5% off");
    expect(csvCell('@everyone')).toBe("'@everyone");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvLine and attachmentDisposition', () => {
  it('ends each line with CRLF and names an ASCII file', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
    expect(attachmentDisposition('brandlens-acme-ads-2026-12-07.csv')).toBe(
      'attachment; filename="brandlens-acme-ads-2026-12-07.csv"',
    );
    expect(attachmentDisposition('a"b\r\n.csv')).toBe('attachment; filename="a_b__.csv"');
  });
});
