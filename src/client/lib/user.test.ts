import { describe, expect, it } from 'vitest';
import { userDisplayName, userGreetingName, userInitials } from './user.ts';

describe('user naming', () => {
  it('builds initials from the names, else the e-mail, else U', () => {
    expect(userInitials({ firstName: 'ada', lastName: 'Lovelace', email: 'x@example.com' })).toBe('AL');
    expect(userInitials({ firstName: null, lastName: null, email: 'grace@example.com' })).toBe('G');
    expect(userInitials({ firstName: '  ', email: '' })).toBe('U');
    expect(userInitials(null)).toBe('U');
  });

  it('shows the full name, else the e-mail, else User', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: null, lastName: null, email: 'ada@example.com' })).toBe('ada@example.com');
    expect(userDisplayName(undefined)).toBe('User');
  });

  it('greets by first name, else the e-mail local part', () => {
    expect(userGreetingName({ firstName: 'Ada', email: 'a@b.c' })).toBe('Ada');
    expect(userGreetingName({ firstName: null, email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(userGreetingName({}, 'there')).toBe('there');
  });
});
