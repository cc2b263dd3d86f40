/**
 * Emotions named only where the text says them: each emotion has a short list of words and emoji
 * that express it directly. Negated words do not count ("not disappointed" is not sadness).
 */
import type { TEmotion } from '../../../shared/schemas/insights.ts';
import { NEGATORS } from './lexicon.ts';
import type { Token } from './tokenise.ts';

const CUES: Record<TEmotion, string> = {
  joy: 'happy glad delighted thrilled love loved loving enjoy enjoyed enjoying fun pleased excited joy yay 😀 😃 😄 😁 😊 😍 🥰 🎉 🥳 :) :-) :d',
  trust:
    'recommend recommended reliable trust trusted dependable honest consistent consistently safe professional knowledgeable 👍',
  surprise: 'surprised surprising surprisingly amazed astonished shocked shocking unexpected unexpectedly wow 😮 😲 🤯',
  anger:
    'angry furious rude outraged livid annoyed annoying irritated irritating ridiculous unacceptable hate hated disrespectful insulting 😡 😠 🤬',
  sadness:
    'sad disappointed disappointing disappointment unhappy upset shame pity regret unfortunately sadly heartbroken 😞 😢 😭 😔 💔 :( :-(',
  fear: 'afraid scared worried worry nervous anxious dangerous unsafe hazard scary terrified 😨 😱',
  disgust: 'disgusting gross nasty revolting filthy dirty inedible vomit stinks stinky smelly 🤮 🤢',
};

const EMOTION_OF = new Map<string, TEmotion>(
  Object.entries(CUES).flatMap(([emotion, words]) => words.split(' ').map((word) => [word, emotion as TEmotion])),
);

const ORDER = Object.keys(CUES) as TEmotion[];

export function detectEmotions(tokens: Token[]): TEmotion[] {
  const counts = new Map<TEmotion, number>();
  tokens.forEach((token, index) => {
    const emotion = EMOTION_OF.get(token.norm);
    if (!emotion) return;
    const negated = tokens.slice(Math.max(0, index - 3), index).some((before) => NEGATORS.has(before.norm));
    if (!negated) counts.set(emotion, (counts.get(emotion) ?? 0) + 1);
  });
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]))
    .map(([emotion]) => emotion);
}
