import { describe, expect, it } from 'vitest';
import { invalidEmailMessage, MAX_EMAIL_RECIPIENTS, ZEmailAddress, ZEmailRecipients } from './email.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ZEmailAddress', () => {
  it('accepts an address and trims it', () => {
    expect(ZEmailAddress.parse('  Ann.Lee+reports@Example.co.uk ')).toBe('Ann.Lee+reports@Example.co.uk');
  });

  it.each([
    'not-an-address',
    'ann@',
    '@example.com',
    'Ann <ann@example.com>',
    'ann@example.com, bob@example.com',
    'ann@example.com\r\nBcc: everyone@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j with the shared message', (value) => {
    expect(messageOf(ZEmailAddress.safeParse(value))).toBe(invalidEmailMessage);
  });

  it('asks for an address when there is none', () => {
    expect(messageOf(ZEmailAddress.safeParse('   '))).toBe('Please enter an email address');
    expect(messageOf(ZEmailAddress.safeParse(42))).toBe(invalidEmailMessage);
  });
});

describe('ZEmailRecipients', () => {
  it('drops repeated addresses, whatever their case', () => {
    expect(ZEmailRecipients.parse(['ann@example.com', ' ANN@example.com', 'bob@example.com'])).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('needs one recipient and allows a bounded number', () => {
    expect(messageOf(ZEmailRecipients.safeParse([]))).toBe('Please add at least one recipient email address');
    const many = Array.from({ length: MAX_EMAIL_RECIPIENTS + 1 }, (_, index) => `r${index}@example.com`);
    expect(messageOf(ZEmailRecipients.safeParse(many))).toBe('A message can go to at most 20 recipients');
    expect(messageOf(ZEmailRecipients.safeParse(['ann@example.com', 'nope']))).toBe(invalidEmailMessage);
  });
});
