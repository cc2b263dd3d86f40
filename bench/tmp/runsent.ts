import { measureSentiment } from '/work/main/bench/sentiment.ts';
await measureSentiment();
