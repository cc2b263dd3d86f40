import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage.ts';
import { readBrandFilter, writeBrandFilter } from './insight-filters.ts';
import { confidenceText } from './insight-format.ts';

describe('the stored brand filter', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("defaults to 'my-brand', keeps a choice and ignores an unknown value", () => {
    expect(readBrandFilter()).toBe('my-brand');
    writeBrandFilter('competitors');
    expect(store.get(storageKeys.insightBrandFilter)).toBe('competitors');
    expect(readBrandFilter()).toBe('competitors');
    store.set(storageKeys.insightBrandFilter, 'everything');
    expect(readBrandFilter()).toBe('my-brand');
  });
});

describe('confidenceText', () => {
  it('rounds down, so only a certain result reads 100%', () => {
    expect(confidenceText(0.999)).toBe('99%');
    expect(confidenceText(0.5)).toBe('50%');
    expect(confidenceText(1)).toBe('100%');
    expect(confidenceText(0)).toBe('0%');
  });
});
