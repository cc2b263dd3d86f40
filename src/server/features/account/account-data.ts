import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  actionItems,
  adLibraryEntries,
  agencyTeamMembers,
  apiTokens,
  auditReports,
  audits,
  auditUsage,
  brands,
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
  uploadedFiles,
  userIdentities,
  users,
  whiteLabelSettings,
} from '../../db/schema/index.ts';

/**
 * What an account's data export holds: one JSON file per table, every row the account owns. Columns
 * that would let someone act as the owner (share tokens, the API token hash, checkout intents) or
 * that are internal bookkeeping (idempotency keys, file paths) are left out; everything else is
 * the person's data and goes in as stored.
 */
export type AccountOwner = { id: string; email: string };

export type ExportSection = {
  /** the file's name in the zip */
  file: string;
  /** what the file holds, for the zip's README */
  description: string;
  rows(db: Database, owner: AccountOwner): Promise<Record<string, unknown>[]>;
};

type Columns<T extends PgTable> = T['_']['columns'];

/** A table's columns less the named ones. */
function columnsWithout<T extends PgTable, K extends keyof Columns<T> & string>(table: T, ...left: K[]) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(all).filter(([key]) => !left.includes(key as K))) as Omit<Columns<T>, K>;
}

/** Every row of a table whose owner column is the account, ordered by creation where it has one. */
function ownedRows(table: PgTable, ownerColumn: PgColumn, selection?: Record<string, PgColumn>) {
  return (db: Database, owner: AccountOwner) => {
    const query = selection ? db.select(selection).from(table) : db.select().from(table);
    return query.where(eq(ownerColumn, owner.id)) as Promise<Record<string, unknown>[]>;
  };
}

export const exportSections: ExportSection[] = [
  {
    file: 'profile.json',
    description: 'your name, e-mail, plan, notification choices and timezone',
    rows: ownedRows(users, users.id, columnsWithout(users, 'stripeCustomerId', 'stripeSubscriptionId')),
  },
  {
    file: 'sign-in-accounts.json',
    description: 'the identity providers you signed in with',
    rows: ownedRows(userIdentities, userIdentities.userId),
  },
  { file: 'brands.json', description: 'your brands', rows: ownedRows(brands, brands.userId) },
  {
    file: 'uploaded-files.json',
    description: 'the files you uploaded (the files themselves are in uploads/)',
    rows: ownedRows(uploadedFiles, uploadedFiles.userId),
  },
  {
    file: 'audits.json',
    description: 'brand audits with their scores, checks and evidence',
    rows: ownedRows(audits, audits.userId),
  },
  {
    file: 'audit-reports.json',
    description: 'audit reports and whether they are shared (share links are left out)',
    rows: (db, owner) =>
      db
        .select(columnsWithout(auditReports, 'shareableToken'))
        .from(auditReports)
        .innerJoin(audits, eq(audits.id, auditReports.auditId))
        .where(eq(audits.userId, owner.id)),
  },
  {
    file: 'audit-usage.json',
    description: 'every audit started, as counted against your plan',
    rows: ownedRows(auditUsage, auditUsage.userId),
  },
  {
    file: 'marketing-recommendations.json',
    description: 'marketing recommendations (share links are left out)',
    rows: ownedRows(
      marketingRecommendations,
      marketingRecommendations.userId,
      columnsWithout(marketingRecommendations, 'shareableToken'),
    ),
  },
  { file: 'action-items.json', description: 'action items', rows: ownedRows(actionItems, actionItems.userId) },
  {
    file: 'insight-sources.json',
    description: 'feeds and sites your consumer insights are read from',
    rows: ownedRows(insightSources, insightSources.userId),
  },
  {
    file: 'consumer-insights.json',
    description: 'consumer insights with their sentiment',
    rows: ownedRows(consumerInsights, consumerInsights.userId, columnsWithout(consumerInsights, 'searchVector')),
  },
  {
    file: 'sentiment-reports.json',
    description: 'sentiment reports',
    rows: ownedRows(sentimentReports, sentimentReports.userId),
  },
  { file: 'competitors.json', description: 'competitors', rows: ownedRows(competitors, competitors.userId) },
  {
    file: 'ads.json',
    description: 'competitor ads',
    rows: ownedRows(adLibraryEntries, adLibraryEntries.userId, columnsWithout(adLibraryEntries, 'searchVector')),
  },
  {
    file: 'competitor-reports.json',
    description: 'competitive analysis reports',
    rows: ownedRows(competitorReports, competitorReports.userId),
  },
  {
    file: 'competitor-page-snapshots.json',
    description: "snapshots of competitors' home and pricing pages",
    rows: ownedRows(competitorPageSnapshots, competitorPageSnapshots.userId),
  },
  {
    file: 'competitor-ad-changes.json',
    description: "what changed in competitors' ads, week by week",
    rows: ownedRows(competitorAdChanges, competitorAdChanges.userId),
  },
  {
    file: 'email-reports.json',
    description: 'scheduled e-mail reports',
    rows: ownedRows(emailReports, emailReports.userId),
  },
  {
    file: 'white-label-settings.json',
    description: 'white-label settings',
    rows: ownedRows(whiteLabelSettings, whiteLabelSettings.userId),
  },
  {
    file: 'support-messages.json',
    description: 'messages you sent to support',
    rows: ownedRows(supportMessages, supportMessages.userId),
  },
  {
    file: 'team-members.json',
    description: 'the members of your agency team',
    rows: ownedRows(agencyTeamMembers, agencyTeamMembers.agencyUserId),
  },
  {
    file: 'team-memberships.json',
    description: 'the agency teams your e-mail is a member of',
    rows: (db, owner) =>
      db
        .select(columnsWithout(agencyTeamMembers, 'agencyUserId'))
        .from(agencyTeamMembers)
        .where(eq(agencyTeamMembers.memberEmail, owner.email)),
  },
  {
    file: 'api-tokens.json',
    description: 'your API tokens (names and prefixes; the tokens themselves are never stored)',
    rows: ownedRows(apiTokens, apiTokens.userId, columnsWithout(apiTokens, 'tokenHash')),
  },
  {
    file: 'subscriptions.json',
    description: 'your subscriptions',
    rows: ownedRows(
      subscriptions,
      subscriptions.userId,
      columnsWithout(subscriptions, 'pendingIntentId', 'pendingIntentKind'),
    ),
  },
  { file: 'payments.json', description: 'your payments', rows: ownedRows(payments, payments.userId) },
  {
    file: 'emails.json',
    description: 'e-mails Brandlens sent for you',
    rows: ownedRows(outboxMessages, outboxMessages.userId, columnsWithout(outboxMessages, 'idempotencyKey', 'emlPath')),
  },
];
