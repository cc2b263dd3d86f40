import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import {
  actionItems,
  adLibraryEntries,
  agencyTeamMembers,
  apiTokens,
  competitorAdChanges,
  competitorPageSnapshots,
  competitorReports,
  competitors,
  consumerInsights,
  emailReports,
  insightSources,
  marketingRecommendations,
  outboxMessages,
  payments,
  sentimentReports,
  subscriptions,
  supportMessages,
  taskProgress,
  userIdentities,
  users,
  whiteLabelSettings,
} from '../../src/server/db/schema/index.ts';
import { writeStoredMessage } from '../../src/server/emails/outbox-files.ts';
import { fileStoreOf } from '../../src/server/storage/create-file-store.ts';
import { seedCompletedAudit } from './seed.ts';

/**
 * Two records (where a table allows more than one) in every table an account owns, written
 * straight to the database, plus a stored outbox message on disk: what account deletion and the
 * data export are counted against. Shares, uploads and live subscriptions go through the API in
 * the tests themselves.
 */
export async function seedAccountRows(database: DatabaseHandle, config: Config, email: string) {
  const { db } = database;
  const first = await seedCompletedAudit(database, email, `${email} Coffee`);
  const second = await seedCompletedAudit(database, email, `${email} Tea`);
  const userId = first.owner.id;
  const brandIds = [first.brand.id, second.brand.id];
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);

  await db.insert(userIdentities).values({ userId, provider: 'google', subject: `google-${randomUUID()}` });
  await db.insert(actionItems).values(
    [first, second].map(({ brand, audit }) => ({
      userId,
      brandId: brand.id,
      auditId: audit.id,
      title: 'Add a meta description',
      category: 'SEO',
    })),
  );
  const sources = await db
    .insert(insightSources)
    .values(
      brandIds.map((brandId) => ({
        brandId,
        userId,
        kind: 'feed' as const,
        url: `https://example.com/${brandId}.xml`,
      })),
    )
    .returning();
  await db.insert(consumerInsights).values(
    brandIds.map((brandId, index) => ({
      brandId,
      userId,
      content: `Lovely coffee, review ${index}`,
      sentiment: 'positive' as const,
      sourceId: sources[index]!.id,
    })),
  );
  await db.insert(sentimentReports).values(
    brandIds.map((brandId) => ({
      brandId,
      userId,
      startDate: monthAgo,
      endDate: now,
      overallSentiment: 4,
      positivePercentage: 100,
      neutralPercentage: 0,
      negativePercentage: 0,
      totalMentions: 1,
    })),
  );
  const rivals = await db
    .insert(competitors)
    .values(brandIds.map((brandId, index) => ({ userId, brandId, name: `Rival ${index}` })))
    .returning();
  await db
    .insert(adLibraryEntries)
    .values(rivals.map((rival) => ({ competitorId: rival.id, userId, platform: 'meta' as const, adText: 'Buy now' })));
  await db
    .insert(competitorReports)
    .values(brandIds.map((brandId) => ({ userId, brandId, startDate: monthAgo, endDate: now })));
  await db.insert(competitorPageSnapshots).values(
    rivals.map((rival) => ({
      competitorId: rival.id,
      userId,
      url: 'https://rival.example/',
      pageKind: 'home' as const,
      status: 'ok' as const,
      content: 'Welcome',
    })),
  );
  await db.insert(competitorAdChanges).values(
    rivals.map((rival) => ({
      competitorId: rival.id,
      brandId: rival.brandId,
      userId,
      trigger: 'on_demand' as const,
      since: monthAgo,
    })),
  );
  await db.insert(emailReports).values([
    { userId, name: 'Weekly summary', recipients: [email] },
    { userId, name: 'Monthly summary', frequency: 'monthly', dayOfMonth: 1, recipients: [email] },
  ]);
  await db.insert(whiteLabelSettings).values({ userId, companyName: `${email} Agency` });
  await db.insert(supportMessages).values(
    ['Billing question', 'Audit question'].map((subject) => ({
      userId,
      name: 'Pat',
      email,
      subject,
      message: 'Help, please',
    })),
  );
  await db
    .insert(agencyTeamMembers)
    .values(['one', 'two'].map((name) => ({ agencyUserId: userId, memberEmail: `${name}.${email}` })));
  await db.insert(apiTokens).values(
    ['CI', 'Reporting'].map((name) => {
      const secret = `bl_${randomUUID()}`;
      return {
        userId,
        name,
        tokenHash: createHash('sha256').update(secret).digest('hex'),
        prefix: secret.slice(0, 11),
      };
    }),
  );
  await db.insert(payments).values({
    userId,
    plan: 'starter',
    amount: 1900,
    status: 'succeeded',
    provider: 'demo',
    providerPaymentIntentId: `demo_pi_${randomUUID()}`,
    succeededAt: monthAgo,
  });
  await db.insert(marketingRecommendations).values(
    [first, second].map(({ brand, audit }) => ({
      auditId: audit.id,
      brandId: brand.id,
      userId,
      shareableToken: randomUUID().replaceAll('-', ''),
      executiveSummary: 'Lead with the coffee',
    })),
  );
  // An earlier subscription that has ended: history the export carries and deletion removes.
  await db.insert(subscriptions).values({
    userId,
    plan: 'smb',
    status: 'canceled',
    provider: 'demo',
    startedAt: monthAgo,
    confirmedAt: monthAgo,
    endedAt: now,
  });
  await db
    .insert(taskProgress)
    .values({ userId, kind: 'discovery:insights', subjectId: first.brand.id, status: 'completed' });
  const mail = await seedStoredMail(database, config, userId, email);
  return { userId, audits: [first.audit, second.audit], brands: [first.brand, second.brand], mail };
}

/** An e-mail sent for the account through the local outbox: its row and its .eml and .json files. */
export async function seedStoredMail(database: DatabaseHandle, config: Config, userId: string, email: string) {
  const id = randomUUID();
  const emlPath = await writeStoredMessage(fileStoreOf(config), id, Buffer.from(`To: ${email}\r\n\r\nHello`), {
    from: config.mail.from,
    subject: 'Your audit is ready',
    text: 'Hello',
    html: '<p>Hello</p>',
    attachments: [],
  });
  await database.db.insert(outboxMessages).values({
    id,
    userId,
    idempotencyKey: `test:${id}`,
    kind: 'audit-complete',
    recipients: [email],
    subject: 'Your audit is ready',
    status: 'sent',
    transport: 'outbox',
    emlPath,
    sentAt: new Date(),
  });
  return { id, emlPath, contentPath: emlPath.replace(/\.eml$/, '.json') };
}

export async function userIdOf(database: DatabaseHandle, email: string): Promise<string> {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}
