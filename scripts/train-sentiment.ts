/**
 * Trains the sentiment engine (SOCIAL_SENTIMENT_DATA=<directory> npx tsx scripts/train-sentiment.ts);
 * deterministic, so the same data give the same weights, byte for byte. The engine has two
 * readings over the same rules (decision 0032): one for reviews, trained on the review sentences
 * and the three-class texts as before (decision 0010), and one for posts, comments and typed-in
 * feedback, trained on those and the labelled social posts. Every choice is judged by five-fold
 * cross-validation (scripts/sentiment-folds.ts); the test splits (the review sentences' 15 %, the
 * three-class texts' held-back 30 %, the social posts' held-back 20 % and the sets only measured
 * on) are never read here. The social posts live outside the repository under their own terms:
 * decision 0032 says where each set comes from and how it was prepared.
 *
 * Each reading: 1. a polarity model (which side an opinionated text takes), 2. an opinion model
 * (whether a text takes a side), 3. the neutral calibration with the best out-of-fold score:
 * for reviews, three-class macro-F1 among calibrations costing the review sentences at most
 * REVIEW_COST of binary accuracy; for posts, three-class macro-F1 averaged with the social posts'
 * macro-averaged recall. Both models are then trained on the whole pool.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type SentimentWeights, WEIGHTS_URL } from '../src/server/analysis/sentiment/model.ts';
import { changedSocialSets, socialDataDirectory } from '../tests/helpers/social-sentiment-data.ts';
import { type EnginePlan, trainEngine } from './sentiment-engine-training.ts';
import { loadPool, type Settings } from './sentiment-folds.ts';

const BASE: Settings = {
  hashBits: 18,
  bigrams: true,
  charGrams: [],
  l2: 1e-3,
  epochs: 15,
  learningRate: 0.2,
  seed: 7,
  plainWeight: 1,
  socialWeight: 0,
};

/** Neutral answers may cost the review sentences at most this much binary accuracy. */
const REVIEW_COST = 0.005;

/**
 * Reviews: as decision 0010 left it. The polarity model keeps word unigrams and bigrams with L2
 * 0.01 (other feature sets scored within about half a point out of fold, which is noise); chosen
 * here is how much the plain complaints and praise weigh against the reviews (0: not used). Plain
 * word features keep the opinion model from learning topics instead of whether a side is taken.
 */
const FOR_REVIEWS: EnginePlan = {
  name: 'reviews',
  base: BASE,
  polarityCandidates: [
    { l2: 1e-2, plainWeight: 0 },
    { l2: 1e-2, plainWeight: 1 },
    { l2: 1e-2, plainWeight: 3 },
  ],
  polarityJudgedOn: 'pool',
  opinionCandidates: [
    { bigrams: false, charGrams: [], l2: 1e-3 },
    { bigrams: false, charGrams: [], l2: 1e-2 },
    { bigrams: true, charGrams: [], l2: 1e-2 },
    { bigrams: true, charGrams: [4], l2: 1e-2 },
    { bigrams: false, charGrams: [], l2: 1e-3, plainWeight: 1 },
    { bigrams: true, charGrams: [], l2: 1e-2, plainWeight: 1 },
  ],
  reviewCost: REVIEW_COST,
  weighSocial: false,
};

/**
 * Posts: the social posts weigh in, at a share of a review sentence's weight or a whole one, and
 * character 4-grams are tried for the spellings of social writing. Reviews are read by the other
 * reading, so their binary accuracy does not limit neutral here.
 */
const FOR_POSTS: EnginePlan = {
  name: 'posts',
  base: { ...BASE, plainWeight: 3 },
  polarityCandidates: [
    { l2: 1e-2, socialWeight: 0.3 },
    { l2: 1e-2, socialWeight: 1 },
    { l2: 1e-2, socialWeight: 0.3, charGrams: [4] },
    { l2: 1e-2, socialWeight: 1, charGrams: [4] },
    { l2: 1e-2, socialWeight: 0.3, charGrams: [4], plainWeight: 10 },
  ],
  polarityJudgedOn: ['plain', 'social'],
  // the written three-class texts are few beside the social posts: they are tried at more weight
  opinionCandidates: [
    { bigrams: false, charGrams: [], l2: 1e-3, socialWeight: 0.3 },
    { bigrams: false, charGrams: [], l2: 1e-3, socialWeight: 0.3, plainWeight: 10 },
    { bigrams: false, charGrams: [], l2: 1e-3, socialWeight: 0.3, plainWeight: 30 },
    { bigrams: true, charGrams: [], l2: 1e-2, socialWeight: 0.3, plainWeight: 10 },
  ],
  reviewCost: 1,
  weighSocial: true,
};

const socialDirectory = socialDataDirectory();
if (!socialDirectory) {
  console.error('SOCIAL_SENTIMENT_DATA must name the directory of labelled social posts (decision 0032).');
  process.exit(1);
}
const changed = changedSocialSets(socialDirectory);
if (changed.length > 0) {
  console.error(`These files differ from the ones decision 0032 describes: ${changed.join(', ')}`);
  process.exit(1);
}
const pool = loadPool(socialDirectory);
const count = (kind: string, label?: string) =>
  pool.filter((row) => row.kind === kind && (label === undefined || row.label === label)).length;
console.log(
  `pool: ${count('review')} review sentences, ${count('plain') - count('plain', 'neutral')} plain complaints and praise, ${count('plain', 'neutral')} neutral texts, ${count('social')} social posts`,
);

const review = trainEngine(
  pool.filter((row) => row.kind !== 'social'),
  FOR_REVIEWS,
);
const post = trainEngine(pool, FOR_POSTS);
const { settings: reviewSettings, ...reviewWeights } = review;
const { settings: postSettings, ...postWeights } = post;
const weights: SentimentWeights = {
  review: reviewWeights,
  post: postWeights,
  trainedOn:
    `reviews: ${count('review')} review sentences and ${count('plain')} three-class texts (train + dev splits), ` +
    `polarity ${JSON.stringify(reviewSettings.polarity)}, opinion ${JSON.stringify(reviewSettings.opinion)}; ` +
    `posts: the same and ${count('social')} social posts (train part), ` +
    `polarity ${JSON.stringify(postSettings.polarity)}, opinion ${JSON.stringify(postSettings.opinion)}`,
};
fs.writeFileSync(fileURLToPath(WEIGHTS_URL), `${JSON.stringify(weights)}\n`);
console.log(`wrote ${fileURLToPath(WEIGHTS_URL)}`);
