import { checksOfProfile, profileCheckSummary } from '../../../shared/profile-check-summary.ts';
import type { TCheckResult, TSocialProfileRead } from '../../../shared/schemas/audits.ts';
import { formatNumber } from '../../lib/format.ts';
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
    <section
      className="rounded-lg border bg-card p-3 sm:p-4"
      data-profile={read.network}
      aria-label={`${read.label} profile`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h5 className="font-semibold">
            {read.label}:{' '}
            {read.url ? (
              <a href={read.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
                {read.handle}
              </a>
            ) : (
              read.handle
            )}
          </h5>
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
      <p className="mt-2 text-xs" data-testid="profile-checks-summary">
        {profileCheckSummary(checks)}
      </p>
    </section>
  );
}

/**
 * What each declared profile's network gave: handle, when it was read, counts, engagement and the pictures
 * compared with their hashes. The profile's checks are listed once, in the score groups of the social media
 * area under this section, beside the checks they are scored with; each profile says how many and how they went.
 */
export function SocialProfilesRead({ audit }: { audit: TReportAudit }) {
  const reads = audit.analysis?.socialProfiles;
  if (!reads || reads.length === 0) return null;
  const checks = Object.values(audit.analysis?.socialMedia ?? {}).flatMap((group) => group.checks);
  return (
    <section
      className="space-y-3 rounded-lg bg-muted/40 p-3 sm:p-4"
      data-testid="social-profiles"
      aria-labelledby="social-profiles-title"
    >
      <div className="space-y-1">
        <h4 id="social-profiles-title" className="font-semibold">
          Social profiles read
        </h4>
        <p className="text-muted-foreground text-xs">
          Each declared profile as its network's API gave it. A profile picture matches the logo when at most 10 of the
          64 bits of their difference hashes differ.
        </p>
      </div>
      {reads.map((read) => (
        <ProfileRead key={read.network} read={read} checks={checksOfProfile(checks, read.network)} />
      ))}
    </section>
  );
}
