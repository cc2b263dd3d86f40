import { describe, expect, it } from 'vitest';
import { memberEmailProblem, ZAddTeamMemberRequest } from './team.ts';

describe('team member e-mail', () => {
  it('names an empty address "Email required" and a malformed one "Invalid email", as SPEC words them', () => {
    const description = 'Please enter a valid email address.';
    expect(memberEmailProblem('')).toEqual({ title: 'Email required', description });
    expect(memberEmailProblem('   ')).toEqual({ title: 'Email required', description });
    expect(memberEmailProblem('ana@')).toEqual({ title: 'Invalid email', description });
    expect(memberEmailProblem('ana example.com')).toEqual({ title: 'Invalid email', description });
    expect(memberEmailProblem(' Ana@Example.com ')).toBeNull();
  });

  it('sends and stores the address trimmed and lower-cased', () => {
    expect(ZAddTeamMemberRequest.parse({ memberEmail: '  Ana.Member@Example.COM ' })).toEqual({
      memberEmail: 'ana.member@example.com',
    });
  });
});
