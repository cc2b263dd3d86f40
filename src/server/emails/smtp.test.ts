import { describe, expect, it } from 'vitest';
import { describeSmtpFailure, isPermanentSmtpFailure, smtpServerName } from './smtp.ts';

const url = 'smtp://mailer:s3cret@mail.example:587';
const smtpError = (fields: Record<string, unknown>, message = 'failed') => Object.assign(new Error(message), fields);

describe('smtp failures', () => {
  it('names the server without its credentials', () => {
    expect(smtpServerName(url)).toBe('mail.example:587');
    expect(smtpServerName('smtps://mail.example')).toBe('mail.example');
  });

  it('takes a 5xx reply and a refused login as permanent, a 4xx reply and a dropped connection as passing', () => {
    expect(isPermanentSmtpFailure(smtpError({ responseCode: 550, permanent: true }))).toBe(true);
    expect(isPermanentSmtpFailure(smtpError({ code: 'EAUTH', responseCode: 535 }))).toBe(true);
    expect(isPermanentSmtpFailure(smtpError({ responseCode: 451, permanent: false }))).toBe(false);
    expect(isPermanentSmtpFailure(smtpError({ code: 'ECONNECTION' }))).toBe(false);
    expect(isPermanentSmtpFailure(smtpError({ code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentSmtpFailure(new Error('something else'))).toBe(false);
  });

  it('says what went wrong in words an administrator can act on, never showing the password', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { responseCode: 451, response: '451  Try again\r\n later' },
        'The mail server mail.example:587 refused the message: 451 Try again later',
      ],
      [{ code: 'EAUTH', responseCode: 535 }, 'The mail server mail.example:587 refused the login in SMTP_URL'],
      [{ code: 'ETIMEDOUT' }, 'The mail server mail.example:587 did not answer in time'],
      [{ code: 'EDNS' }, "The mail server's name mail.example:587 could not be resolved"],
    ];
    for (const [fields, expected] of cases) {
      const sentence = describeSmtpFailure(smtpError(fields), url);
      expect(sentence).toBe(expected);
      expect(sentence).not.toContain('s3cret');
    }
    expect(describeSmtpFailure(smtpError({ code: 'ECONNECTION' }, 'connect ECONNREFUSED'), url)).toBe(
      'Could not connect to the mail server mail.example:587: connect ECONNREFUSED',
    );
  });
});
