import { describe, expect, it } from 'vitest';
import { accessEndedMessage, maxBrandsMessage, readOnlyBrandMessage, storedFeatureNotice } from './plan-messages.ts';

describe('plan messages', () => {
  it('says when a plan’s access ended, as a UK date', () => {
    expect(accessEndedMessage('starter', new Date('2026-03-05T12:00:00Z'), 'run more audits')).toBe(
      'Your Starter access ended on 5 March 2026. Upgrade your plan to run more audits.',
    );
    // Just after midnight in London in summer is still the day before in UTC.
    expect(accessEndedMessage('starter', new Date('2026-07-31T23:30:00Z'), 'add brands')).toContain('1 August 2026');
  });

  it('names the plan and its brands for a read-only brand', () => {
    expect(readOnlyBrandMessage('free', 'Acme', 1)).toBe(
      'Acme is read-only: your Free plan includes 1 brand. Upgrade your plan to work on it again, or delete a brand.',
    );
    expect(readOnlyBrandMessage('smb', 'Birch', 5)).toContain('your SMB plan includes 5 brands.');
  });

  it('keeps SPEC’s brand limit words and the stored-feature notice', () => {
    expect(maxBrandsMessage(1)).toBe('Maximum brands limit (1) reached.');
    expect(storedFeatureNotice('free', 'competitorTracking')).toBe(
      'Your Free plan does not include competitor tracking. What you collected stays here, read-only. Upgrade to add more.',
    );
  });
});
