import { describe, expect, it } from 'vitest';
import type { EmailDocument } from './email-document.ts';
import { renderEmail } from './render-email.tsx';

const document: EmailDocument = {
  preheader: 'Sentiment for Acme Coffee, 1-31 May',
  title: 'Acme Coffee: consumer insights',
  blocks: [
    { type: 'paragraph', text: 'Hello,\nhere are the figures you asked for.' },
    {
      type: 'figures',
      rows: [
        { label: 'Mentions', value: '128' },
        { label: 'Overall sentiment', value: '3.9 / 5' },
      ],
    },
    { type: 'heading', text: 'What people said' },
    { type: 'quote', text: 'The flat white is perfect.', cite: 'Ann, Google reviews, 3 May' },
    { type: 'list', items: ['Service', 'Price'] },
    { type: 'button', label: 'Open the report', url: 'https://app.example/consumer-insights?brand=1&tab=reports' },
    { type: 'note', text: 'Sentiment is measured by the local engine.' },
  ],
  footerNote: 'You received this because a Brandlens user sent you this report.',
  publicUrl: 'https://app.example',
};

describe('renderEmail', () => {
  const { html, text } = renderEmail(document);

  it('lays the HTML out in tables with inline styles only', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="en-GB">')).toBe(true);
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain('max-width:600px');
    // Mail clients drop style blocks and never run scripts.
    expect(html).not.toMatch(/<style|<script|class=/);
    expect(html).toContain('<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>');
  });

  it('has a header with the product name, the content and a footer', () => {
    const header = html.indexOf('>Brandlens</td>');
    const title = html.indexOf('Acme Coffee: consumer insights</h1>');
    const footer = html.indexOf('You received this because');
    expect(header).toBeGreaterThan(0);
    expect(title).toBeGreaterThan(header);
    expect(footer).toBeGreaterThan(title);
    expect(html).toContain(
      '<a href="https://app.example" style="color:#64748B;text-decoration:underline">app.example</a>',
    );
  });

  it('keeps line breaks, escapes text and draws the button as a coloured cell', () => {
    expect(html).toContain('Hello,<br/>here are the figures you asked for.');
    expect(html).toContain('<td bgcolor="#4F46E5"');
    expect(html).toContain('href="https://app.example/consumer-insights?brand=1&amp;tab=reports"');
    const hostile = renderEmail({ ...document, blocks: [{ type: 'paragraph', text: '<img src=x onerror=alert(1)>' }] });
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile.html).not.toContain('<img');
  });

  it('hides the preheader from the message body', () => {
    const preheader = /<div style="([^"]*)">Sentiment for Acme Coffee, 1-31 May<\/div>/.exec(html);
    expect(preheader?.[1]).toContain('display:none');
    expect(preheader?.[1]).toContain('mso-hide:all');
  });

  it('writes the same content as plain text', () => {
    expect(text).toBe(
      [
        'Acme Coffee: consumer insights',
        '==============================',
        '',
        'Hello,',
        'here are the figures you asked for.',
        '',
        'Mentions           128',
        'Overall sentiment  3.9 / 5',
        '',
        'What people said',
        '----------------',
        '',
        '> “The flat white is perfect.”',
        '> — Ann, Google reviews, 3 May',
        '',
        '- Service',
        '- Price',
        '',
        'Open the report:',
        'https://app.example/consumer-insights?brand=1&tab=reports',
        '',
        'Sentiment is measured by the local engine.',
        '',
        '-- ',
        'You received this because a Brandlens user sent you this report.',
        'Brandlens · https://app.example',
        '',
      ].join('\n'),
    );
  });

  it('wraps long plain-text lines at 72 columns without breaking a long address', () => {
    const url = `https://app.example/${'a'.repeat(90)}`;
    const words = 'word '.repeat(40).trim();
    const { text: wrapped } = renderEmail({ ...document, blocks: [{ type: 'paragraph', text: `${words} ${url}` }] });
    const lines = wrapped.split('\n');
    expect(lines.filter((line) => line !== url).every((line) => line.length <= 72)).toBe(true);
    expect(lines).toContain(url);
  });

  it('names a white-label company in the header and uses its colour, keeping ours for a bad one', () => {
    const branded = renderEmail({ ...document, productName: 'Northbank Digital', accentColor: '#0E7490' });
    expect(branded.html).toContain('>Northbank Digital</td>');
    expect(branded.html).not.toContain('>Brandlens</td>');
    expect(branded.html).toContain('<td bgcolor="#0E7490"');
    expect(branded.text).toContain('Northbank Digital · https://app.example');
    const unsafe = renderEmail({ ...document, accentColor: 'red;background:url(x)' });
    expect(unsafe.html).not.toContain('url(x)');
    expect(unsafe.html).toContain('<td bgcolor="#4F46E5"');
  });
});

describe('renderEmail with a white label', () => {
  const { html, text } = renderEmail({
    ...document,
    productName: 'Northbank Digital',
    accentColor: '#FDE68A',
    footerNote: 'You received this because Ann sent you a Northbank Digital report.',
    whiteLabel: {
      logoUrl: '/api/white-label-logos/0b6c1c1e-0000-4000-8000-000000000001.png',
      headerText: 'Brand reporting for cafés',
      footerLines: ['Northbank Digital Ltd, Bristol', 'hello@northbank.digital · +44 117 496 0000'],
      website: 'https://northbank.digital',
    },
  });

  it('shows the agency’s logo, name, header line, footer and contacts instead of the product’s', () => {
    expect(html).toContain('src="https://app.example/api/white-label-logos/0b6c1c1e-0000-4000-8000-000000000001.png"');
    expect(html).toContain('alt="Northbank Digital"');
    for (const part of [html, text]) {
      expect(part).toContain('Brand reporting for cafés');
      expect(part).toContain('Northbank Digital Ltd, Bristol');
      expect(part).toContain('hello@northbank.digital · +44 117 496 0000');
      expect(part).toContain('northbank.digital');
      expect(part).not.toContain('Brandlens');
      expect(part).not.toContain('app.example</a>');
    }
  });

  it('writes in ink on a pale accent, so the header stays readable', () => {
    expect(html).toMatch(/background-color:#FDE68A;[^"]*color:#0F172A/);
  });
});
