import { adMarketName } from '../../../shared/ad-markets.ts';
import type { TAd } from '../../../shared/schemas/competitors.ts';
import { formatNumber } from '../../lib/format.ts';

const NOT_DISCLOSED = 'not disclosed';
const wordsOf = (value: string) => value.replace(/_/g, ' ');
const list = (values: string[]) => (values.length ? values.join(', ') : null);

function targetingText(targeting: TAd['targeting']): string | null {
  if (!targeting) return null;
  const parts: string[] = [];
  if (targeting.ages?.length) parts.push(`ages ${targeting.ages.join('-')}`);
  if (targeting.gender) parts.push(targeting.gender.toLowerCase() === 'all' ? 'all genders' : targeting.gender);
  const included = targeting.locations?.filter((location) => !location.excluded).map((location) => location.name);
  const excluded = targeting.locations?.filter((location) => location.excluded).map((location) => location.name);
  if (included?.length) parts.push(`in ${included.join(', ')}`);
  if (excluded?.length) parts.push(`not in ${excluded.join(', ')}`);
  return parts.length ? parts.join(' · ') : null;
}

/** The EU reach per country (Meta's breakdown summed over ages and genders), largest first. */
function reachByCountry(breakdown: TAd['reachBreakdown']): string | null {
  if (!breakdown?.length) return null;
  const totals = breakdown.map((entry) => ({
    country: entry.country,
    reach: entry.ages.reduce((sum, age) => sum + (age.male ?? 0) + (age.female ?? 0) + (age.unknown ?? 0), 0),
  }));
  return totals
    .sort((a, b) => b.reach - a.reach)
    .slice(0, 4)
    .map((entry) => `${adMarketName(entry.country)} ${formatNumber(entry.reach)}`)
    .join(', ');
}

/** What Meta's Ad Library API disclosed about the ad beyond its text: each line as given, or "not disclosed". */
export function MetaDetails({ ad }: { ad: TAd }) {
  const payers = ad.beneficiaryPayers
    ?.map((entry) => [entry.beneficiary && `for ${entry.beneficiary}`, entry.payer && `paid by ${entry.payer}`])
    .map((parts) => parts.filter(Boolean).join(', '))
    .join('; ');
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs" aria-label="Ad Library details">
      <dt className="text-muted-foreground">Shown on</dt>
      <dd>{list(ad.publisherPlatforms.map(wordsOf)) ?? NOT_DISCLOSED}</dd>
      <dt className="text-muted-foreground">Languages</dt>
      <dd>{list(ad.languages) ?? NOT_DISCLOSED}</dd>
      <dt className="text-muted-foreground">Versions</dt>
      <dd>{ad.creativeVersions ?? 'not recorded'}</dd>
      <dt className="text-muted-foreground">Found in</dt>
      <dd>{list(ad.reachedMarkets.map(adMarketName)) ?? 'not recorded'}</dd>
      <dt className="text-muted-foreground">Reach by country</dt>
      <dd>{reachByCountry(ad.reachBreakdown) ?? NOT_DISCLOSED}</dd>
      <dt className="text-muted-foreground">Targeting</dt>
      <dd>{targetingText(ad.targeting) ?? NOT_DISCLOSED}</dd>
      <dt className="text-muted-foreground">Beneficiary and payer</dt>
      <dd>{payers || NOT_DISCLOSED}</dd>
    </dl>
  );
}
