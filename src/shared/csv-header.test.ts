import { describe, expect, it } from 'vitest';
import { detectDelimiter, guessCsvMapping, missingMappedColumns, readHeaderRow } from './csv-header.ts';

describe('the header row', () => {
  it('finds the delimiter outside quotes', () => {
    expect(detectDelimiter('a,b,c\n1;2;3')).toBe(',');
    expect(detectDelimiter('\uFEFFAuteur;Date;Note;Avis\r\n')).toBe(';');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('name\treview\n')).toBe('\t');
    expect(detectDelimiter('review\n')).toBe(',');
  });

  it('reads quoted names, doubled quotes and names across lines', () => {
    expect(readHeaderRow('\uFEFF"Review ID", Reviewer ,"Review ""Text"""\r\n1,2,3')).toEqual([
      'Review ID',
      'Reviewer',
      'Review "Text"',
    ]);
    expect(readHeaderRow('"Comment\n(English)";Date\n', ';')).toEqual(['Comment\n(English)', 'Date']);
  });
});

describe('guessing the mapping', () => {
  it('maps common export headers', () => {
    expect(guessCsvMapping(['Review ID', 'Reviewer', 'Review Date', 'Stars', 'Review Text', 'Platform'])).toEqual({
      content: 'Review Text',
      author: 'Reviewer',
      date: 'Review Date',
      rating: 'Stars',
      platform: 'Platform',
    });
    expect(guessCsvMapping(['Response ID', 'Submitted At', 'Score', 'Comments'])).toEqual({
      content: 'Comments',
      date: 'Submitted At',
      rating: 'Score',
    });
  });

  it('uses a column once and leaves content unmapped when nothing looks like it', () => {
    expect(guessCsvMapping(['Text', 'text_2'])).toEqual({ content: 'Text' });
    expect(guessCsvMapping(['Order', 'Total'])).toEqual({});
  });

  it('names mapped columns the file lacks', () => {
    expect(missingMappedColumns({ content: 'Review', rating: 'Stars', author: null }, ['Review', 'Name'])).toEqual([
      'Stars',
    ]);
  });
});
