import { AtSign } from 'lucide-react';
import type { TCheckResult, TSocialProfileRead } from '../../../shared/schemas/audits.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { CheckItem } from './check-item.tsx';
import type { TReportAudit } from './report-types.ts';

const statusText: Record<TSocialProfileRead['status'], string> = {
  read: 'Read',
  missing: 'No such profile',
  not_measured: 'Not measured',
};

function ComparedImage({ label, thumbnail, hash }: { label: string; thumbnail: string | null; hash: string | null }) {
  return (
    <figure className="flex flex-col items-center gap-1 text-center">
      {thumbnail ? (
        <img
          src={thumbnail}
          alt={label}
          width={64}
          height={64}
          className="size-16 rounded-md border bg-white object-contain"
        />
      ) : (
        <div className="flex size-16 items-center justify-center rounded-md border text-muted-foreground text-xs">
          none
        </div>
      )}
      <figcaption className="text-muted-foreground text-xs">
        {label}
        <br />
        <span className="font-mono text-foreground">{hash ?? 'no hash'}</span>
      </figcaption>
    </figure>
  );
}

function engagementText(engagement: TSocialProfileRead['engagement']): string | null {
  if (!engagement || engagement.posts === 0) return null;
  const parts = (['likes', 'replies', 'reposts', 'views'] as const)
    .filter((key) => engagement[key] !== undefined)
    .map((key) => `${formatNumber(engagement[key]!)} ${key}`);
  return parts.length ? `Per post, as the network states it: ${parts.join(', ')} (reported, not scored)` : null;
}

function ProfileRead({ read, checks }: { read: TSocialProfileRead; checks: TCheckResult[] }) {
  const engagement = engagementText(read.engagement);
  return (
    <section className="rounded-lg border p-3 sm:p-4" data-profile={read.network} aria-label={`${read.label} profile`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h4 className="font-semibold">
            {read.label}:{' '}
            {read.url ? (
              <a href={read.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
                {read.handle}
              </a>
            ) : (
              read.handle
            )}
          </h4>
          <p className="text-muted-foreground text-xs">
            {statusText[read.status]}
            {read.reason ? `: ${read.reason.replace(/^Not measured: /, '')}` : ''} · read at{' '}
            <time dateTime={read.fetchedAt}>{new Date(read.fetchedAt).toUTCString()}</time>
          </p>
          {read.status === 'read' && (
            <p className="text-xs">
              {read.name ?? 'No display name'}
              {read.followers === null ? '' : ` · ${formatNumber(read.followers)} followers`} ·{' '}
              {formatNumber(read.postsRead)} posts read over 90 days
            </p>
          )}
          {engagement && <p className="text-muted-foreground text-xs">{engagement}</p>}
        </div>
        {read.avatar && (
          <div className="flex gap-3" data-testid="images-compared">
            <ComparedImage label="Profile picture" thumbnail={read.avatar.thumbnail} hash={read.avatar.hash} />
            {read.compared.map((reference) => (
              <ComparedImage
                key={reference.source}
                label={`${reference.source.charAt(0).toUpperCase()}${reference.source.slice(1)}${reference.distance === null ? '' : ` (${reference.distance} of 64 bits differ)`}`}
                thumbnail={reference.thumbnail}
                hash={reference.hash}
              />
            ))}
          </div>
        )}
      </div>
      {checks.length > 0 && (
        <ul className="mt-3 divide-y">
          {checks.map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each profile read from its network: what was read and when, its checks, and the pictures compared. */
export function SocialProfilesCard({ audit }: { audit: TReportAudit }) {
  const reads = audit.analysis?.socialProfiles;
  if (!reads || reads.length === 0) return null;
  const checks = Object.values(audit.analysis?.socialMedia ?? {}).flatMap((group) => group.checks);
  return (
    <Card className="gap-4" data-testid="social-profiles">
      <CardHeader className="gap-2">
        <CardTitle className="flex items-center gap-2">
          <span className="flex size-7 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <AtSign aria-hidden="true" className="size-3.5" />
          </span>
          <h2>Social profiles read</h2>
        </CardTitle>
        <CardDescription>
          Each declared profile as its network's API gave it. A profile picture matches the logo when at most 10 of the
          64 bits of their difference hashes differ.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {reads.map((read) => (
          <ProfileRead
            key={read.network}
            read={read}
            checks={checks.filter((check) => check.id.startsWith(`social.${read.network}.`))}
          />
        ))}
      </CardContent>
    </Card>
  );
}
