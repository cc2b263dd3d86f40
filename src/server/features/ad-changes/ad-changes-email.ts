/**
 * The weekly "What changed" e-mail to a brand's owner: per competitor, the ads that started and
 * stopped and the new messages or offers, each ad with its public page (Meta's Ad Library, TikTok's
 * library). Built at send time from the week's records; the owner's setting is read again then.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { changeSummary, hasChanges, type TAdChange, type TChangedAd } from '../../../shared/schemas/ad-changes.ts';
import { brands, competitorAdChanges, competitors, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import type { EmailBlock } from '../../emails/templates/email-document.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { unsubscribeUrlFor } from '../notifications/unsubscribe-token.ts';
import { toAdChanges } from './ad-change-dto.ts';

export const AD_CHANGES_EMAIL_KIND = 'competitor-ad-changes';

export const adChangesEmailParams = z.object({
  brandId: z.uuid(),
  /** the ISO week of the comparisons ("2026-W48") */
  week: z.string().regex(/^\d{4}-W\d{2}$/),
});

const adLine = (ad: TChangedAd) => (ad.link ? `${ad.label}: ${ad.link}` : ad.label);
const SHOWN = 10;

function listOf(title: string, ads: TChangedAd[]): EmailBlock[] {
  if (ads.length === 0) return [];
  const more = ads.length > SHOWN ? [`and ${ads.length - SHOWN} more in Brandlens`] : [];
  return [
    { type: 'paragraph', text: `${title} (${ads.length}):` },
    { type: 'list', items: [...ads.slice(0, SHOWN).map(adLine), ...more] },
  ];
}

function competitorBlocks(change: TAdChange): EmailBlock[] {
  return [
    { type: 'heading', text: change.competitorName },
    { type: 'paragraph', text: `${changeSummary(change)}.` },
    ...listOf('Started', change.started),
    ...listOf('Stopped', change.stopped),
    ...change.newMessages.flatMap((entry) =>
      listOf(`New ${entry.offer ? 'offer' : 'message'}: ${entry.label}`, entry.ads),
    ),
  ];
}

export const adChangesEmail = defineEmailComposer({
  kind: AD_CHANGES_EMAIL_KIND,
  params: adChangesEmailParams,
  async compose(deps, params) {
    const [brand] = await deps.db.select().from(brands).where(eq(brands.id, params.brandId));
    if (!brand) throw new EmailNotSendableError('The brand no longer exists');
    const [owner] = await deps.db.select().from(users).where(eq(users.id, brand.userId));
    if (!owner) throw new EmailNotSendableError('The account no longer exists');
    if (!owner.notifyCompetitorChanges)
      throw new EmailNotSendableError('The recipient turned the competitor changes e-mail off');
    const rows = await deps.db
      .select()
      .from(competitorAdChanges)
      .where(and(eq(competitorAdChanges.brandId, brand.id), eq(competitorAdChanges.week, params.week)));
    const list = await deps.db
      .select({ id: competitors.id, name: competitors.name })
      .from(competitors)
      .where(and(eq(competitors.brandId, brand.id), eq(competitors.isOwnBrand, false)));
    const changes = (await toAdChanges(deps.db, rows, new Map(list.map((row) => [row.id, row.name])))).filter(
      hasChanges,
    );
    if (changes.length === 0) throw new EmailNotSendableError("Nothing changed in the competitors' ads this week");
    changes.sort((a, b) => a.competitorName.localeCompare(b.competitorName));
    const unsubscribeUrl = unsubscribeUrlFor(deps.config, owner.id, 'competitorChanges');
    const { html, text } = renderEmail({
      preheader: changes.map((change) => `${change.competitorName}: ${changeSummary(change)}`).join('; '),
      title: `What changed: ${brand.name}'s competitors`,
      blocks: [
        { type: 'paragraph', text: owner.firstName ? `Hello ${owner.firstName},` : 'Hello,' },
        {
          type: 'paragraph',
          text: `Here is what changed in the ads of ${brand.name}'s competitors since the last comparison (week ${params.week}).`,
        },
        ...changes.flatMap(competitorBlocks),
        {
          type: 'note',
          text: 'Started: first seen since the last comparison. Stopped: no longer running. New messages and offers: used by an ad that started and by none of the competitor’s earlier ads (phrase lists of the competitive analysis). Only the ads stored in Brandlens are compared.',
        },
        { type: 'button', label: 'Open Competitor Tracking', url: `${deps.config.publicUrl}/competitor-tracking` },
      ],
      footerNote:
        'You received this because the competitor changes e-mail is on in your Brandlens notification settings.',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl,
    });
    return {
      subject: `Brandlens: what changed in ${brand.name}'s competitors' ads`,
      html,
      text,
      attachments: [],
      unsubscribeUrl,
    };
  },
});
