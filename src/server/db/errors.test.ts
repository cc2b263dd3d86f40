import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises refused, dropped and timed-out connections and server shutdowns', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('looks through drizzle’s wrapper and an AggregateError (IPv4 and IPv6 both refused)', () => {
    const refused = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it('leaves faults in the query itself alone', () => {
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(coded('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: coded('22P02') }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('finds the code on the cause', () => {
    expect(isUniqueViolation(new Error('Failed query', { cause: coded('23505') }))).toBe(true);
    expect(isUniqueViolation(coded('23503'))).toBe(false);
  });
});
