import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { checksOfProfile, profileCheckSummary } from '../../../shared/profile-check-summary.ts';
import type { TAuditDetail, TCheckResult, TSocialProfileRead } from '../../../shared/schemas/audits.ts';
import { colours, FONT_BOLD, FONT_ITALIC, FONT_MONO } from '../theme.ts';

const styles = StyleSheet.create({
  title: { fontFamily: FONT_BOLD, fontSize: 11.5, color: colours.ink, marginTop: 16, marginBottom: 4 },
  intro: { fontFamily: FONT_ITALIC, fontSize: 8, color: colours.muted, marginBottom: 6 },
  profile: { paddingVertical: 7, borderBottomWidth: 0.5, borderBottomColor: colours.rule },
  head: { flexDirection: 'row', justifyContent: 'space-between' },
  name: { fontFamily: FONT_BOLD, fontSize: 9.5, color: colours.ink },
  meta: { fontSize: 8, color: colours.text, marginTop: 2, lineHeight: 1.4 },
  images: { flexDirection: 'row' },
  figure: { alignItems: 'center', marginLeft: 10, width: 86 },
  image: { width: 40, height: 40, borderWidth: 0.5, borderColor: colours.rule },
  caption: { fontSize: 6.5, color: colours.muted, marginTop: 2, textAlign: 'center' },
  hash: { fontFamily: FONT_MONO, fontSize: 6.5, color: colours.ink },
  checks: { fontSize: 7.8, color: colours.ink, marginTop: 4 },
});

/** A data: address from the stored read as react-pdf takes an image. */
function pngOf(dataUrl: string | null): { data: Buffer; format: 'png' } | null {
  if (!dataUrl?.startsWith('data:image/png;base64,')) return null;
  return { data: Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'), format: 'png' };
}

function Figure({ label, thumbnail, hash }: { label: string; thumbnail: string | null; hash: string | null }) {
  const png = pngOf(thumbnail);
  return (
    <View style={styles.figure}>
      {png ? <Image src={png} style={styles.image} /> : <View style={styles.image} />}
      <Text style={styles.caption}>{label}</Text>
      <Text style={styles.hash}>{hash ?? 'no hash'}</Text>
    </View>
  );
}

function ProfileBlock({ read, checks }: { read: TSocialProfileRead; checks: TCheckResult[] }) {
  const engagement = read.engagement
    ? (['likes', 'replies', 'reposts', 'views'] as const)
        .filter((key) => read.engagement?.[key] !== undefined)
        .map((key) => `${read.engagement![key]} ${key}`)
        .join(', ')
    : '';
  return (
    <View style={styles.profile} wrap={false}>
      <View style={styles.head}>
        <View style={{ flex: 1 }}>
          <Text style={styles.name}>{`${read.label}: ${read.handle}`}</Text>
          <Text style={styles.meta}>
            {`${read.status === 'read' ? 'Read' : read.status === 'missing' ? 'No such profile' : 'Not measured'}${read.reason ? ` (${read.reason.replace(/^Not measured: /, '')})` : ''}, ${read.fetchedAt.replace('T', ' ').slice(0, 19)} UTC`}
          </Text>
          {read.status === 'read' ? (
            <Text style={styles.meta}>
              {`${read.name ?? 'No display name'}${read.followers === null ? '' : `, ${read.followers} followers`}, ${read.postsRead} posts read over 90 days${engagement ? `. Per post, as stated by the network (not scored): ${engagement}` : ''}`}
            </Text>
          ) : null}
        </View>
        {read.avatar ? (
          <View style={styles.images}>
            <Figure label="Profile picture" thumbnail={read.avatar.thumbnail} hash={read.avatar.hash} />
            {read.compared.map((reference) => (
              <Figure
                key={reference.source}
                label={`${reference.source}${reference.distance === null ? '' : `, ${reference.distance}/64 bits differ`}`}
                thumbnail={reference.thumbnail}
                hash={reference.hash}
              />
            ))}
          </View>
        ) : null}
      </View>
      <Text style={styles.checks}>{profileCheckSummary(checks)}</Text>
    </View>
  );
}

/**
 * The social media area's profiles as read from their networks, with the pictures compared. Each profile's
 * checks are printed once, in the area's score groups that follow; here each says how many and how they went.
 */
export function SocialProfilesSection({ audit }: { audit: TAuditDetail }) {
  const reads = audit.analysis?.socialProfiles ?? [];
  if (reads.length === 0) return null;
  const checks = Object.values(audit.analysis?.socialMedia ?? {}).flatMap((group) => group.checks);
  return (
    <View>
      <Text style={styles.title}>Social profiles read</Text>
      <Text style={styles.intro}>
        Each declared profile as its network's API gave it. A picture matches the logo when at most 10 of the 64 bits of
        their difference hashes differ.
      </Text>
      {reads.map((read) => (
        <ProfileBlock key={read.network} read={read} checks={checksOfProfile(checks, read.network)} />
      ))}
    </View>
  );
}
