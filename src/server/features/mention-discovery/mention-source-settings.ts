/**
 * The Sources card's reads and writes: each mention source of a brand or competitor with whether
 * it is on, what it needs, whether this server can run it (administrators also read what to set)
 * and its health; and a change to one source's settings. Access goes through the access module
 * (another user's brand or competitor is a 404); changing is a plan-limited action.
 */
import {
  mentionSourceNeeds,
  type TMentionSourceDto,
  type TMentionSourceKind,
  type TMentionSourceList,
  type TUpdateMentionSourceRequest,
  ZUpdateMentionSourceRequest,
} from '../../../shared/schemas/mention-sources.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { mentionSourcesFor } from '../../integrations/mention-sources/registry.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import {
  changeSettings,
  DEFAULT_SETTINGS,
  type MentionSettingsRow,
  type SubjectKey,
  settingsOf,
} from './source-settings.ts';

type Ctx = Pick<FeatureContext, 'db' | 'config'>;
export type SubjectRef = { type: 'brand' | 'competitor'; id: string };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The subject's owner-scoped key; 404 when it is not the actor's. */
async function subjectKeyOf(ctx: Ctx, actor: Actor, ref: SubjectRef) {
  if (ref.type === 'brand') {
    const brand = await getBrandOrThrow(ctx.db, actor, ref.id);
    return { brand, key: { brandId: brand.id, userId: brand.userId, competitorId: null } satisfies SubjectKey };
  }
  const competitor = await getCompetitorOrThrow(ctx.db, actor, ref.id);
  const brand = await getBrandOrThrow(ctx.db, actor, competitor.brandId);
  return { brand, key: { brandId: brand.id, userId: brand.userId, competitorId: competitor.id } satisfies SubjectKey };
}

function dtoOf(
  source: ReturnType<typeof mentionSourcesFor>[number],
  row: MentionSettingsRow | typeof DEFAULT_SETTINGS,
  isAdmin: boolean,
): TMentionSourceDto {
  const availability = source.availability();
  return {
    kind: source.kind,
    label: source.label,
    needs: mentionSourceNeeds[source.kind],
    available: availability.available,
    unavailableReason: availability.available ? null : availability.reason,
    adminHint: !availability.available && isAdmin ? availability.adminHint : null,
    enabled: row.enabled,
    hashtags: [...row.hashtags],
    appleAppIds: [...row.appleAppIds],
    health: {
      lastRunAt: iso(row.lastRunAt),
      lastSuccessAt: iso(row.lastSuccessAt),
      lastError: row.lastError,
      lastItems: row.lastItems,
      lastAdded: row.lastAdded,
      lastNote: row.lastNote,
    },
  };
}

export async function listMentionSources(ctx: Ctx, actor: Actor, ref: SubjectRef): Promise<TMentionSourceList> {
  const { key } = await subjectKeyOf(ctx, actor, ref);
  const settings = await settingsOf(ctx.db, key);
  return {
    sources: mentionSourcesFor(ctx.config).map((source) =>
      dtoOf(source, settings.get(source.kind) ?? DEFAULT_SETTINGS, actor.isAdmin),
    ),
  };
}

export async function updateMentionSource(
  ctx: Ctx,
  actor: Actor,
  ref: SubjectRef,
  kind: TMentionSourceKind,
  input: TUpdateMentionSourceRequest,
): Promise<TMentionSourceDto> {
  const change = ZUpdateMentionSourceRequest.parse(input);
  const { brand, key } = await subjectKeyOf(ctx, actor, ref);
  const source = mentionSourcesFor(ctx.config).find((candidate) => candidate.kind === kind);
  if (!source) throw notFound('Source not found');
  await assertCanChangeBrand(ctx.db, brand, { feature: 'consumerInsights', toDoMore: 'change listening sources' });
  const row = await changeSettings(ctx.db, key, kind, {
    ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    ...(change.hashtags === undefined
      ? {}
      : { hashtags: [...new Set(change.hashtags.map((tag) => tag.toLowerCase()))] }),
    ...(change.appleAppIds === undefined ? {} : { appleAppIds: [...new Set(change.appleAppIds)] }),
  });
  return dtoOf(source, row, actor.isAdmin);
}
