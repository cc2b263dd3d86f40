import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 5000,
      publicUrl: 'http://localhost:5000',
      databaseUrl: undefined,
      oidc: { replit: undefined, google: undefined },
      admin: { emails: ['admin@brandlens.local'] },
    });
  });

  it('gives a page ten seconds to render in an audit, within bounds an operator may raise', () => {
    expect(loadConfig({}).auditRender.timeoutMs).toBe(10_000);
    expect(loadConfig({ AUDIT_RENDER_TIMEOUT_MS: '30000' }).auditRender.timeoutMs).toBe(30_000);
    expect(() => loadConfig({ AUDIT_RENDER_TIMEOUT_MS: '500' })).toThrow(/AUDIT_RENDER_TIMEOUT_MS/);
    expect(() => loadConfig({ AUDIT_RENDER_TIMEOUT_MS: 'slow' })).toThrow(/AUDIT_RENDER_TIMEOUT_MS/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('requires a session secret in production and no default admin', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) });
    expect(config.admin.emails).toEqual([]);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), CRAWLER_ALLOW_LOOPBACK: 'true' }),
    ).toThrow(/CRAWLER_ALLOW_LOOPBACK/);
  });

  it("reads the Meta Ad Library settings: no token by default, and Meta's Graph API with a version", () => {
    expect(loadConfig({}).metaAdLibrary).toEqual({ token: undefined, graphUrl: 'https://graph.facebook.com/v23.0' });
    expect(
      loadConfig({ META_AD_LIBRARY_TOKEN: 'abc', META_GRAPH_URL: 'http://127.0.0.1:9999/v23.0/' }).metaAdLibrary,
    ).toEqual({ token: 'abc', graphUrl: 'http://127.0.0.1:9999/v23.0' });
    expect(() => loadConfig({ META_GRAPH_URL: 'graph' })).toThrow(/META_GRAPH_URL/);
  });

  it('reads the language model settings and names a missing one', () => {
    expect(loadConfig({}).ai).toEqual({ provider: 'none' });
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(/AI_MODEL/);
    expect(
      loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'm', AI_BASE_URL: 'http://127.0.0.1:11434/v1' }).ai,
    ).toMatchObject({
      provider: 'openai',
      model: 'm',
    });
  });

  it('switches a provider on when its client id is set', () => {
    const config = loadConfig({ OIDC_CLIENT_ID: 'abc', OIDC_CLIENT_SECRET: 'shh', GOOGLE_CLIENT_ID: 'g' });
    expect(config.oidc.replit).toEqual({ issuerUrl: 'https://replit.com/oidc', clientId: 'abc', clientSecret: 'shh' });
    expect(config.oidc.google?.issuerUrl).toBe('https://accounts.google.com');
  });

  it('keeps mail in the local outbox with a default sender until SMTP_URL is set', () => {
    const config = loadConfig({ DATA_DIR: '/srv/brandlens' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Brandlens <no-reply@brandlens.local>',
      fromAddress: 'no-reply@brandlens.local',
      outboxDir: '/srv/brandlens/outbox',
    });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://user:pw@mail.example:465',
      MAIL_FROM: '"Acme, Reports" <reports@acme.example>',
    });
    expect(smtp.mail).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.example:465',
      from: '"Acme, Reports" <reports@acme.example>',
      fromAddress: 'reports@acme.example',
    });
    expect(loadConfig({ MAIL_FROM: 'reports@acme.example' }).mail.fromAddress).toBe('reports@acme.example');
  });

  it('names a bad SMTP_URL or MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'Brandlens' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'Brandlens <not an address>' })).toThrow(/MAIL_FROM/);
  });

  it('keeps files on the local disk until S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).storage).toEqual({ s3: undefined });
    expect(
      loadConfig({
        S3_BUCKET: 'brandlens-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage.s3,
    ).toEqual({
      bucket: 'brandlens-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', AWS_REGION: 'eu-west-2' }).storage.s3?.region).toBe('eu-west-2');
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'auto', AWS_REGION: 'eu-west-2' }).storage.s3?.region).toBe('auto');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT: set only together with S3_BUCKET/,
    );
  });

  it('takes the address the app was opened at as its own only in development without PUBLIC_URL', () => {
    expect(loadConfig({}).origins).toEqual({ allowed: ['http://localhost:5000'], sameHostIsOwn: true });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5000' }).origins.sameHostIsOwn).toBe(false);
    // `npm run dev`: the API on its own port, links to Vite's, and still open at any address.
    const dev = loadConfig({ PORT: '5001', DEV_PUBLIC_URL: 'http://localhost:5000' });
    expect(dev.publicUrl).toBe('http://localhost:5000');
    expect(dev.origins).toEqual({ allowed: ['http://localhost:5000'], sameHostIsOwn: true });
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
    expect(loadConfig(production).origins.sameHostIsOwn).toBe(false);
    expect(() => loadConfig({ ...production, DEV_PUBLIC_URL: 'http://localhost:5000' })).toThrow(/DEV_PUBLIC_URL/);
    expect(
      loadConfig({
        ...production,
        PUBLIC_URL: 'https://app.example.com/',
        ALLOWED_ORIGINS: ' https://www.example.com , HTTP://Admin.Example.com:8080/,https://app.example.com',
      }).origins,
    ).toEqual({
      allowed: ['https://app.example.com', 'https://www.example.com', 'http://admin.example.com:8080'],
      sameHostIsOwn: false,
    });
  });

  it('refuses an ALLOWED_ORIGINS entry that is not a bare origin, naming it', () => {
    for (const entry of [
      'app.example.com',
      'ftp://example.com',
      'https://example.com/app',
      'https://example.com?x=1',
    ]) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: `https://ok.example.com,${entry}` }), entry).toThrow(
        new RegExp(`ALLOWED_ORIGINS: "${entry.replace(/[.?/]/g, '\\$&')}" is not an origin`),
      );
    }
  });
});

describe('outside services', () => {
  it('defaults every base URL to the real service and reads credentials in pairs', () => {
    const { services } = loadConfig({});
    expect(services.hackerNews.apiUrl).toBe('https://hn.algolia.com/api/v1');
    expect(services.mastodon.instances.map((instance) => instance.domain)).toContain('mastodon.social');
    expect(services.reddit.credentials).toBeUndefined();
    expect(() => loadConfig({ REDDIT_CLIENT_ID: 'id' })).toThrow(/REDDIT_CLIENT_SECRET: required together/);
  });

  it('accepts loopback base URLs only with CRAWLER_ALLOW_LOOPBACK', () => {
    expect(() => loadConfig({ HN_API_URL: 'http://127.0.0.1:9/api' })).toThrow(/HN_API_URL: a loopback address/);
    const config = loadConfig({
      CRAWLER_ALLOW_LOOPBACK: 'true',
      HN_API_URL: 'http://127.0.0.1:9/api/',
      MASTODON_INSTANCE_URLS: 'mastodon.social=http://127.0.0.1:7,fosstodon.org',
    });
    expect(config.services.hackerNews.apiUrl).toBe('http://127.0.0.1:9/api');
    expect(config.services.mastodon.instances).toEqual([
      { domain: 'mastodon.social', baseUrl: 'http://127.0.0.1:7' },
      { domain: 'fosstodon.org', baseUrl: 'https://fosstodon.org' },
    ]);
    expect(() => loadConfig({ MASTODON_INSTANCE_URLS: 'mastodon.social=http://127.0.0.1:7' })).toThrow(
      /MASTODON_INSTANCE_URLS: a loopback/,
    );
  });
});
