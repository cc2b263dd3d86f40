/**
 * The labelled development data for the sentiment engine (tests/fixtures/sentiment/README.md) and
 * its fixed split: each sentence's FNV-1a hash decides train (70 %), dev (15 %) or test (15 %), so
 * the split never changes as files grow and the test part is never used for choosing or training.
 * The three-class texts (neutral statements, questions, announcements and mixed texts, plain
 * complaints and plain praise) are split the same way but hold back a larger test part (30 %).
 */
import fs from 'node:fs';
import path from 'node:path';

export type Polarity = 'positive' | 'negative';
export type ThreeClass = Polarity | 'neutral';
export type Split = 'train' | 'dev' | 'test';
export type LabelledText = { text: string; label: Polarity; source: string; split: Split };

export const SENTIMENT_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sentiment');
export const SENTIMENT_SOURCES = [
  'cr',
  'amazon-phones',
  'semeval-laptops',
  'semeval-restaurants',
  'semeval16-restaurants',
  'rt-polarity',
] as const;

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function splitOf(text: string): Split {
  const bucket = fnv1a(text) % 100;
  return bucket < 70 ? 'train' : bucket < 85 ? 'dev' : 'test';
}

export function loadLabelled(): LabelledText[] {
  const rows: LabelledText[] = [];
  for (const source of SENTIMENT_SOURCES) {
    const lines = fs.readFileSync(path.join(SENTIMENT_FIXTURES, `${source}.tsv`), 'utf8').split('\n');
    for (const line of lines) {
      const [tag, text] = line.split('\t');
      if (!text || (tag !== 'pos' && tag !== 'neg')) continue;
      rows.push({ text, label: tag === 'pos' ? 'positive' : 'negative', source, split: splitOf(text) });
    }
  }
  return rows;
}

export function loadSplit(split: Split): LabelledText[] {
  return loadLabelled().filter((row) => row.split === split);
}

export const THREE_CLASS_SOURCES = [
  'neutral-statements',
  'neutral-questions',
  'neutral-announcements',
  'neutral-mixed',
  'plain-complaints',
  'plain-praise',
] as const;
export type ThreeClassText = { text: string; label: ThreeClass; source: string; split: Split };

const TAGS: Record<string, ThreeClass> = { pos: 'positive', neg: 'negative', neu: 'neutral' };

/** Test is the held-back 30 %, never used for training or calibration; dev 15 %, train 55 %. */
export function threeClassSplitOf(text: string): Split {
  const bucket = fnv1a(text) % 100;
  return bucket < 30 ? 'test' : bucket < 45 ? 'dev' : 'train';
}

export function loadThreeClass(): ThreeClassText[] {
  const rows: ThreeClassText[] = [];
  for (const source of THREE_CLASS_SOURCES) {
    const lines = fs.readFileSync(path.join(SENTIMENT_FIXTURES, `${source}.tsv`), 'utf8').split('\n');
    for (const line of lines) {
      const [tag, text] = line.split('\t');
      const label = TAGS[tag ?? ''];
      if (!text || !label) continue;
      rows.push({ text, label, source, split: threeClassSplitOf(text) });
    }
  }
  return rows;
}

export function loadThreeClassSplit(split: Split): ThreeClassText[] {
  return loadThreeClass().filter((row) => row.split === split);
}
