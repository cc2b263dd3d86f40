import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { multipartFile } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp } from '../helpers/jobs.ts';
import { pdfWorkspace, popplerPresent } from '../helpers/pdf.ts';
import { type BrandWork, makeBrandWork } from '../helpers/plan-actions.ts';
import { setPlan } from '../helpers/seed.ts';

let smtp: SmtpDouble;
let target: WorkingTestApp;
let agency: string;
let freeUser: string;
let uploadDir: string;
let logoUrl: string;
let work: BrandWork;
const pdfs = pdfWorkspace('white-label-api-');

const AGENCY = 'agency-owner@example.com';
const FREE = 'free-owner@example.com';

beforeAll(async () => {
  smtp = await startSmtpDouble();
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-white-label-'));
  target = await createWorkingTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brandlens <reports@brandlens.test>', UPLOAD_DIR: uploadDir },
  });
  agency = await target.signInAs(AGENCY);
  freeUser = await target.signInAs(FREE);
  await setPlan(target.database, AGENCY, 'agency');
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  pdfs.remove();
});

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function upload(cookie: string, content: Buffer, fileName: string) {
  const body = multipartFile(content, { fileName });
  return target.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

const pngLogo = () =>
  sharp({ create: { width: 240, height: 80, channels: 4, background: '#0E7490' } })
    .png()
    .toBuffer();

const settings = {
  companyName: 'Northbank Digital',
  primaryColor: '#0e7490',
  secondaryColor: '#f90',
  headerText: 'Brand reporting for independent cafés',
  footerText: 'Northbank Digital Ltd, 12 Quay Street, Bristol',
  contactEmail: 'hello@northbank.digital',
  contactPhone: '+44 117 496 0000',
  website: 'northbank.digital',
  isActive: true,
};

describe('GET /api/white-label-settings', () => {
  it("answers SPEC's defaults before anything is saved", async () => {
    const response = await inject('GET', '/api/white-label-settings', freeUser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      saved: false,
      companyName: '',
      companyLogo: null,
      primaryColor: '#000000',
      secondaryColor: '#666666',
      headerText: null,
      footerText: null,
      contactEmail: null,
      contactPhone: null,
      website: null,
      isActive: true,
      applied: false,
      updatedAt: null,
    });
  });

  it('answers 401 signed out', async () => {
    const response = await inject('GET', '/api/white-label-settings');
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/white-label-settings', () => {
  it('saves every field for an agency, with the logo an image it uploaded', async () => {
    const uploaded = await upload(agency, await pngLogo(), 'northbank.png');
    expect(uploaded.statusCode).toBe(200);
    logoUrl = uploaded.json().url;

    const response = await inject('POST', '/api/white-label-settings', agency, { ...settings, companyLogo: logoUrl });
    expect(response.statusCode).toBe(200);
    const saved = {
      saved: true,
      companyName: 'Northbank Digital',
      companyLogo: logoUrl,
      primaryColor: '#0E7490',
      secondaryColor: '#FF9900',
      headerText: 'Brand reporting for independent cafés',
      footerText: 'Northbank Digital Ltd, 12 Quay Street, Bristol',
      contactEmail: 'hello@northbank.digital',
      contactPhone: '+44 117 496 0000',
      website: 'https://northbank.digital',
      isActive: true,
      applied: true,
    };
    expect(response.json()).toMatchObject(saved);
    const read = await inject('GET', '/api/white-label-settings', agency);
    expect(read.json()).toMatchObject(saved);
  });

  it('fills in the default colours and clears blank optional fields', async () => {
    const response = await inject('POST', '/api/white-label-settings', agency, {
      companyName: '  Northbank Digital  ',
      headerText: '   ',
      contactEmail: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      companyName: 'Northbank Digital',
      companyLogo: null,
      primaryColor: '#000000',
      secondaryColor: '#666666',
      headerText: null,
      contactEmail: null,
      isActive: true,
    });
    // Put the full settings back for the tests that follow.
    const restored = await inject('POST', '/api/white-label-settings', agency, { ...settings, companyLogo: logoUrl });
    expect(restored.statusCode).toBe(200);
  });

  it.each([
    [{ companyName: '' }, 'Company name is required'],
    [{ companyName: undefined }, 'Company name is required'],
    [{ primaryColor: 'red' }, 'Primary colour must be a colour like #1A2B3C or #ABC'],
    [{ secondaryColor: '#12345' }, 'Secondary colour must be a colour like #1A2B3C or #ABC'],
    [{ primaryColor: 'url(javascript:alert(1))' }, 'Primary colour must be a colour like #1A2B3C or #ABC'],
    [{ contactEmail: 'not-an-address' }, 'Please enter a valid email address'],
    [{ website: 'not a website' }, 'Please enter a valid website URL'],
    [{ website: 'https://user:secret@northbank.digital' }, 'Website addresses cannot contain a user name'],
    [{ contactPhone: 'call reception' }, 'Contact phone may hold digits, spaces, +, -, ( and ) only'],
    [{ headerText: 'Line\u0000break' }, 'Header text contains a control character'],
    [{ footerText: 'x'.repeat(301) }, 'Footer text must be at most 300 characters'],
    [{ companyLogo: 'https://elsewhere.example/logo.png' }, 'Upload the logo first'],
    [{ companyLogo: '/api/uploads/00000000-0000-4000-8000-000000000000.png' }, 'Upload the logo first'],
    [{ isActive: 'yes' }, 'isActive must be true or false'],
  ])('refuses %j with 400 and saves nothing', async (change, message) => {
    const response = await inject('POST', '/api/white-label-settings', agency, { ...settings, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await inject('GET', '/api/white-label-settings', agency)).json()).toMatchObject({
      companyName: 'Northbank Digital',
      primaryColor: '#0E7490',
      companyLogo: logoUrl,
    });
  });

  it('refuses a logo that is not an image, and one uploaded by someone else', async () => {
    const pdf = await upload(agency, Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'logo.pdf');
    expect(pdf.statusCode).toBe(200);
    const notImage = await inject('POST', '/api/white-label-settings', agency, {
      ...settings,
      companyLogo: pdf.json().url,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('The logo must be an image (PNG, JPEG, GIF, WebP or SVG)');

    const theirs = await upload(freeUser, await pngLogo(), 'theirs.png');
    const borrowed = await inject('POST', '/api/white-label-settings', agency, {
      ...settings,
      companyLogo: theirs.json().url,
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe('Upload the logo first');
  });

  it('never keeps a script in an SVG logo, and refuses a file over 10 MB before anything is saved', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script><rect width="40" height="40" fill="#0E7490" onload="alert(2)"/><image href="https://tracker.example/x.png"/></svg>',
    );
    const uploaded = await upload(agency, svg, 'logo.svg');
    expect(uploaded.statusCode).toBe(200);
    const saved = await inject('POST', '/api/white-label-settings', agency, {
      ...settings,
      companyLogo: uploaded.json().url,
    });
    expect(saved.statusCode).toBe(200);
    const stored = (await inject('GET', uploaded.json().url, agency)).body;
    expect(stored).toContain('<rect');
    expect(stored).not.toMatch(/script|onload|tracker\.example/);

    const huge = Buffer.concat([await pngLogo(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(agency, huge, 'huge.png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('huge.png exceeds 10MB limit');

    await inject('POST', '/api/white-label-settings', agency, { ...settings, companyLogo: logoUrl });
  });

  it('answers 403 on a plan without white label, and saves nothing', async () => {
    const response = await inject('POST', '/api/white-label-settings', freeUser, settings);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('plan_feature');
    expect((await inject('GET', '/api/white-label-settings', freeUser)).json().saved).toBe(false);
  });

  it('answers 401 signed out', async () => {
    expect((await inject('POST', '/api/white-label-settings', undefined, settings)).statusCode).toBe(401);
  });

  it('shows each account only its own settings', async () => {
    const theirs = (await inject('GET', '/api/white-label-settings', freeUser)).json();
    expect(theirs.companyName).toBe('');
    expect(JSON.stringify(theirs)).not.toContain('Northbank');
  });
});

describe('GET /api/white-label-logos/{key}', () => {
  it('serves an applied white label’s logo as PNG without signing in, and nothing else', async () => {
    const key = logoUrl.split('/').at(-1);
    const response = await inject('GET', `/api/white-label-logos/${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');

    const other = (await upload(agency, await pngLogo(), 'not-the-logo.png')).json().url.split('/').at(-1);
    expect((await inject('GET', `/api/white-label-logos/${other}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/white-label-logos/..%2Fsecret')).statusCode).toBe(404);
  });
});

describe('reports leaving the product carry the white label', () => {
  beforeAll(async () => {
    work = await makeBrandWork(target, agency, 'Acme Coffee');
  });

  async function pdfText(url: string, payload: object) {
    const response = await inject('POST', url, agency, payload);
    expect(response.statusCode, response.body).toBe(200);
    return pdfs.inspect(crypto.randomUUID(), response.rawPayload).text;
  }

  it.skipIf(!popplerPresent)('in the audit, recommendations, insights, sentiment and competitive PDFs', async () => {
    const generated = await inject('POST', `/api/audits/${work.auditId}/marketing-recommendations`, agency);
    expect(generated.statusCode).toBe(200);
    const texts = [
      await pdfText(`/api/audits/${work.auditId}/pdf`, {}),
      await pdfText(`/api/audits/${work.auditId}/marketing-recommendations/pdf`, {}),
      await pdfText('/api/consumer-insights/pdf', { brandId: work.brandId }),
      await pdfText('/api/sentiment-reports/pdf', { brandId: work.brandId, reportId: work.sentimentReportId }),
      await pdfText('/api/competitors/pdf', { brandId: work.brandId }),
    ];
    for (const text of texts) {
      expect(text).toContain('Northbank Digital');
      expect(text).toContain('hello@northbank.digital');
      expect(text).toContain('+44 117 496 0000');
      expect(text).not.toContain('Brandlens');
    }
  });

  it('on the shared report and shared recommendations pages', async () => {
    const share = await inject('POST', `/api/audits/${work.auditId}/share`, agency, {});
    const token = share.json().shareableToken;
    const report = (await inject('GET', `/api/reports/${token}`)).json();
    expect(report.branding).toMatchObject({
      companyName: 'Northbank Digital',
      primaryColor: '#0E7490',
      hasLogo: true,
      contactPhone: '+44 117 496 0000',
    });
    const logo = await inject('GET', `/api/reports/${token}/branding-logo`);
    expect(logo.statusCode).toBe(200);

    await inject('POST', `/api/audits/${work.auditId}/marketing-recommendations`, agency);
    const shared = await inject('POST', `/api/audits/${work.auditId}/marketing-recommendations/share`, agency);
    const recommendationsToken = shared.json().shareableToken;
    const page = await inject('GET', `/api/marketing-recommendations/share/${recommendationsToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().branding).toMatchObject({ companyName: 'Northbank Digital', hasLogo: true });
    const recommendationsLogo = await inject(
      'GET',
      `/api/marketing-recommendations/share/${recommendationsToken}/branding-logo`,
    );
    expect(recommendationsLogo.statusCode).toBe(200);
  });

  it('in a report e-mail: name, logo, colours, header, footer and contacts, from the agency', async () => {
    const sent = await inject('POST', '/api/consumer-insights/email', agency, {
      email: 'client@example.com',
      brandId: work.brandId,
      requestId: crypto.randomUUID(),
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await smtp.waitForMessages(1);
    const { html, text, from } = mail!.parsed;
    expect(from).toMatchObject({ name: 'Northbank Digital', address: 'reports@brandlens.test' });
    const key = logoUrl.split('/').at(-1);
    expect(html).toContain(`src="http://localhost:5000/api/white-label-logos/${key}"`);
    expect(html).toContain('background-color:#0E7490');
    for (const part of [html, text]) {
      expect(part).toContain('Northbank Digital');
      expect(part).toContain('Brand reporting for independent cafés');
      expect(part).toContain('Northbank Digital Ltd, 12 Quay Street, Bristol');
      expect(part).toContain('hello@northbank.digital · +44 117 496 0000');
      expect(part).toContain('northbank.digital');
      expect(part).not.toContain('Brandlens');
    }
  });

  it('stops when the white label is switched off: Brandlens again, and the logo is no longer served', async () => {
    const off = await inject('POST', '/api/white-label-settings', agency, {
      ...settings,
      companyLogo: logoUrl,
      isActive: false,
    });
    expect(off.json()).toMatchObject({ isActive: false, applied: false });
    const share = await inject('POST', `/api/audits/${work.auditId}/share`, agency, {});
    expect((await inject('GET', `/api/reports/${share.json().shareableToken}`)).json().branding).toBeNull();
    expect((await inject('GET', `/api/white-label-logos/${logoUrl.split('/').at(-1)}`)).statusCode).toBe(404);
  });
});
