/**
 * Labelled social posts for the sentiment engine. The posts are public data sets under their own
 * terms (docs/decisions/0032-sentiment-for-social-posts.md), kept outside the repository: the
 * directory named by SOCIAL_SENTIMENT_DATA holds one `label<TAB>text` file per set. Each post's
 * FNV-1a hash puts it in train (80 %) or the held-back test part (20 %), which is never used for
 * training or choosing. A set the engine is never trained on (`checkOnly`) is all test.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fnv1a, type ThreeClass } from './sentiment-data.ts';

export type SocialSet = {
  file: string;
  /** what the set is, for the figures */
  name: string;
  /** the file's SHA-256 as prepared by the recipe in decision 0032, so a retraining can be reproduced */
  sha256: string;
  /** measured on, never trained on: its terms allow research use only */
  checkOnly?: boolean;
};

/** The sets trained on, under open licences, and the one only measured on. */
export const SOCIAL_SETS: readonly SocialSet[] = [
  {
    file: 'goemotions-train.tsv',
    name: 'GoEmotions (Reddit comments), train file',
    sha256: 'e08af16ef7ae9557c1d72e6d1591a22e9f76cd648d0b3b76ce74a5b096e7db0d',
  },
  {
    file: 'goemotions-dev.tsv',
    name: 'GoEmotions (Reddit comments), dev file',
    sha256: 'f82837af898a28696976674f0b9a5febf7448ba3df25098ccfa9049c8767b16f',
  },
  {
    file: 'tweet-sentiment-extraction-train.tsv',
    name: 'Tweet Sentiment Extraction (tweets)',
    sha256: 'b500f1a27a9c54ebd28a72be9553a2f4aeb37c95cfdc0263c537da8409eb089d',
  },
  {
    file: 'tweeteval-val.tsv',
    name: 'TweetEval sentiment, validation split (tweets)',
    sha256: '5f7aa07301c6d5375f6d6cf2226d09fa6e54c9a54dfe2447dab49178ced3e7ee',
    checkOnly: true,
  },
];

/** The sets whose file differs from the one the shipped weights were trained and measured on. */
export function changedSocialSets(directory: string): string[] {
  return SOCIAL_SETS.filter(
    (set) =>
      createHash('sha256')
        .update(fs.readFileSync(path.join(directory, set.file)))
        .digest('hex') !== set.sha256,
  ).map((set) => set.file);
}

export type SocialPost = { text: string; label: ThreeClass; set: string; split: 'train' | 'test' };

export function socialDataDirectory(env: NodeJS.ProcessEnv = process.env): string | null {
  const directory = env.SOCIAL_SENTIMENT_DATA;
  return directory && fs.existsSync(directory) ? path.resolve(directory) : null;
}

export function socialSplitOf(text: string): 'train' | 'test' {
  return fnv1a(`social ${text}`) % 100 < 20 ? 'test' : 'train';
}

const LABELS = new Set<string>(['positive', 'neutral', 'negative']);

export function loadSocialPosts(directory: string): SocialPost[] {
  const posts: SocialPost[] = [];
  const seen = new Set<string>();
  for (const set of SOCIAL_SETS) {
    const lines = fs.readFileSync(path.join(directory, set.file), 'utf8').split('\n');
    for (const line of lines) {
      const tab = line.indexOf('\t');
      const label = line.slice(0, tab);
      const text = line.slice(tab + 1).trim();
      if (tab < 0 || !text || !LABELS.has(label) || seen.has(text)) continue;
      seen.add(text);
      posts.push({
        text,
        label: label as ThreeClass,
        set: set.file,
        split: set.checkOnly ? 'test' : socialSplitOf(text),
      });
    }
  }
  return posts;
}
