import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('is a version 4 UUID', () => {
    expect(newRequestId()).toMatch(UUID_V4);
  });

  it('is one too where crypto.randomUUID is missing (pages not served securely)', () => {
    const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newRequestId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
      if (original && typeof crypto.randomUUID !== 'function') {
        Object.defineProperty(crypto, 'randomUUID', original);
      }
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
