import { describe, expect, it } from 'vitest';
import { supportChatReply, supportChatTopic, supportQuickQuestions } from './support-chat.ts';

describe('the live chat’s scripted replies', () => {
  it('answers each quick question on its own topic', () => {
    expect(supportQuickQuestions.map(supportChatTopic)).toEqual(['brandAudit', 'plans', 'competitors', 'account']);
  });

  it('chooses by keyword, whatever the case, in SPEC’s order', () => {
    expect(supportChatTopic('My BRAND AUDIT is stuck')).toBe('brandAudit');
    expect(supportChatTopic('What does the pricing look like?')).toBe('plans');
    expect(supportChatTopic('Which plan suits me')).toBe('plans');
    expect(supportChatTopic('is tracking daily?')).toBe('competitors');
    expect(supportChatTopic('Where are my settings')).toBe('account');
    // A question with keywords of two topics gets the earlier topic's answer.
    expect(supportChatTopic('Brand audit for my agency account')).toBe('brandAudit');
    expect(supportChatTopic('Competitor tracking on my account')).toBe('competitors');
  });

  it('offers a human agent only when no keyword matches', () => {
    const fallback = supportChatReply('Can you call me tomorrow?');
    expect(fallback).toMatchObject({ topic: 'other', offersHumanAgent: true });
    expect(fallback.text).toContain('reply within 24 hours');
    for (const question of supportQuickQuestions) expect(supportChatReply(question).offersHumanAgent).toBe(false);
  });

  it('quotes the Agency plan from the plans table', () => {
    const { text } = supportChatReply("What's included in the Agency plan?");
    expect(text).toContain('£229 a month');
    expect(text).toContain('up to 10 members');
    expect(text).toContain('3-month minimum commitment');
    expect(text).toContain('14-day free trial');
  });
});
