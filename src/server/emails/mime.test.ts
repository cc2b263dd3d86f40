import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { buildRawMessage, messageIdFor } from './mime.ts';

describe('messageIdFor', () => {
  it('puts the message id at the sender’s domain', () => {
    expect(messageIdFor('5f0c6a8e-4b7a-4a8e-9a55-0b6c2f1e9d11', 'reports@mail.example')).toBe(
      '<5f0c6a8e-4b7a-4a8e-9a55-0b6c2f1e9d11@mail.example>',
    );
  });
});

describe('buildRawMessage', () => {
  const input = {
    from: 'Brandlens <no-reply@brandlens.local>',
    recipients: ['ann@example.com', 'bob@example.com'],
    subject: 'Acme Coffee – consumer insights',
    text: 'Plain words.\n',
    html: '<!DOCTYPE html><html><body><p>HTML words.</p></body></html>',
    attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') }],
    messageId: '<fixed-id@brandlens.local>',
    date: new Date('2026-05-01T09:30:00Z'),
  };

  it('builds a message with both parts, the attachment and the fixed Message-ID', async () => {
    const raw = await buildRawMessage(input);
    const mail = await PostalMime.parse(raw);
    expect(mail.messageId).toBe('<fixed-id@brandlens.local>');
    expect(mail.from).toMatchObject({ name: 'Brandlens', address: 'no-reply@brandlens.local' });
    expect(mail.to?.map((address) => address.address)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(mail.subject).toBe('Acme Coffee – consumer insights');
    expect(mail.text?.trim()).toBe('Plain words.');
    expect(mail.html).toContain('<p>HTML words.</p>');
    expect(new Date(mail.date!).toISOString()).toBe('2026-05-01T09:30:00.000Z');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'report.pdf', mimeType: 'application/pdf' });
    expect(mail.headers.find((header) => header.key === 'auto-submitted')?.value).toBe('auto-generated');
  });

  it('carries a one-click unsubscribe link when the message has one, and none otherwise', async () => {
    const url = 'https://app.example/api/notifications/unsubscribe?token=abc';
    const mail = await PostalMime.parse(await buildRawMessage({ ...input, unsubscribeUrl: url }));
    const header = (key: string) => mail.headers.find((item) => item.key === key)?.value;
    expect(header('list-unsubscribe')).toBe(`<${url}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const plain = await PostalMime.parse(await buildRawMessage(input));
    expect(plain.headers.some((item) => item.key === 'list-unsubscribe')).toBe(false);
  });

  it('ends every line with CRLF, as RFC 5322 requires of a stored message', async () => {
    const raw = (await buildRawMessage(input)).toString('latin1');
    expect(raw).toContain('\r\n');
    expect(raw.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('builds the same bytes for the same message and date', async () => {
    const [first, second] = [await buildRawMessage(input), await buildRawMessage(input)];
    // MIME boundaries are random, so the bodies differ only in them.
    const withoutBoundaries = (raw: Buffer) => raw.toString('latin1').replace(/--_NmP-[\w-]+/g, '--boundary');
    expect(withoutBoundaries(first)).toBe(withoutBoundaries(second));
  });
});
