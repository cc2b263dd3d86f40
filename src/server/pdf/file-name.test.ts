import { describe, expect, it } from 'vitest';
import { brandSlug, pdfDocumentFileName } from './file-name.ts';

describe('pdfDocumentFileName', () => {
  it('names a document by product, brand, kind and its day in UK time', () => {
    expect(
      pdfDocumentFileName({ brandName: 'Acme Coffee', kind: 'audit', date: new Date('2026-11-27T10:00:00Z') }),
    ).toBe('brandlens-acme-coffee-audit-2026-11-27.pdf');
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(
      pdfDocumentFileName({
        brandName: 'Northwind Tea',
        kind: 'weekly-sentiment-report',
        date: new Date('2026-06-30T23:30:00Z'),
      }),
    ).toBe('brandlens-northwind-tea-weekly-sentiment-report-2026-07-01.pdf');
  });

  it('keeps brand names to lower-case ASCII words', () => {
    expect(brandSlug('Café Déjà Vu')).toBe('cafe-deja-vu');
    expect(brandSlug('  Crumb & Co.  ')).toBe('crumb-co');
    expect(brandSlug('"quoted"; filename=evil.exe')).toBe('quoted-filename-evil-exe');
    expect(brandSlug('東京')).toBe('brand');
    expect(brandSlug('a'.repeat(100))).toHaveLength(60);
  });
});
