import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailReports } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** A scheduled report of the actor's workspace; 404 when missing or someone else's. */
export async function getEmailReportOrThrow(db: Database, actor: Actor, reportId: string) {
  const [report] = await db
    .select()
    .from(emailReports)
    .where(and(eq(emailReports.id, reportId), ownedBy(actor, emailReports.userId)));
  if (!report) throw notFound('Email report not found');
  return report;
}
