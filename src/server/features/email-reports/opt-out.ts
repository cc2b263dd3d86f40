/**
 * External recipients leaving one scheduled report. The link in their copy carries
 * `<reportId>.<signature>` and the address, the signature an HMAC-SHA256 of report and address
 * under SESSION_SECRET: it works without signing in, only ever removes that one address from that
 * one report, and needs no expiry (changing the secret ends every link).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailReportOptOuts, emailReports } from '../../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_TOKEN_LENGTH = 500;

export type OptOutTarget = { reportId: string; email: string };

/** Addresses are compared as mail systems treat them in practice: case does not matter. */
export const normalisedAddress = (email: string) => email.trim().toLowerCase();

function signatureOf(secret: string, reportId: string, email: string): Buffer {
  return createHmac('sha256', secret)
    .update(`email-report-opt-out:${reportId}:${normalisedAddress(email)}`)
    .digest();
}

/** `<reportId>.<base64url address>.<signature>` */
export function createOptOutToken(secret: string, target: OptOutTarget): string {
  const email = normalisedAddress(target.email);
  const signature = signatureOf(secret, target.reportId, email).toString('base64url');
  return `${target.reportId}.${Buffer.from(email).toString('base64url')}.${signature}`;
}

/** The report and address a token names, or null when it is malformed or not signed by this server. */
export function readOptOutToken(secret: string, token: unknown): OptOutTarget | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const [reportId, encodedEmail, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !reportId || !encodedEmail || !signature || !UUID.test(reportId)) return null;
  const email = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  if (!email.includes('@')) return null;
  const expected = signatureOf(secret, reportId, email);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { reportId, email };
}

/** The link an external recipient's copy carries; GET shows a confirmation page, its button posts it. */
export function optOutUrlFor(config: { publicUrl: string; sessionSecret: string }, target: OptOutTarget): string {
  const token = createOptOutToken(config.sessionSecret, target);
  return `${config.publicUrl}/api/email-reports/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Records the opt-out; the report's name for the confirmation page, or null when the report was
 * deleted since (nothing is left to leave, which is what the reader asked for).
 */
export async function optOut(db: Database, target: OptOutTarget): Promise<{ reportName: string | null }> {
  const [report] = await db
    .select({ id: emailReports.id, name: emailReports.name })
    .from(emailReports)
    .where(eq(emailReports.id, target.reportId));
  if (!report) return { reportName: null };
  await db
    .insert(emailReportOptOuts)
    .values({ emailReportId: report.id, email: normalisedAddress(target.email) })
    .onConflictDoNothing();
  return { reportName: report.name };
}

/** The report's name, for the confirmation page; null when it was deleted. */
export async function reportNameOf(db: Database, reportId: string): Promise<string | null> {
  const [report] = await db.select({ name: emailReports.name }).from(emailReports).where(eq(emailReports.id, reportId));
  return report?.name ?? null;
}

/** The addresses that left the report, normalised. */
export async function optedOutAddresses(db: Database, reportId: string): Promise<Set<string>> {
  const rows = await db
    .select({ email: emailReportOptOuts.email })
    .from(emailReportOptOuts)
    .where(eq(emailReportOptOuts.emailReportId, reportId));
  return new Set(rows.map((row) => normalisedAddress(row.email)));
}
