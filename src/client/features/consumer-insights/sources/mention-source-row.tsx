import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TMentionSourceDto } from '../../../../shared/schemas/mention-sources.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { GooglePlacePicker } from './google-place-picker.tsx';
import { type MentionSubjectRef, useUpdateMentionSource } from './mention-source-queries.ts';
import { TermsInput } from './terms-input.tsx';

const plural = (count: number, noun: string) => `${count.toLocaleString('en-GB')} ${noun}${count === 1 ? '' : 's'}`;

function StatusBadge({ source }: { source: TMentionSourceDto }) {
  if (!source.available) return <Badge variant="outline">Not available on this server</Badge>;
  if (!source.enabled) return <Badge variant="outline">Off</Badge>;
  if (source.kind === 'apple_app_store' && source.appleAppIds.length === 0) {
    return <Badge variant="secondary">Needs an app id</Badge>;
  }
  if (source.health.lastError) return <Badge variant="destructive">Failed</Badge>;
  if (source.health.lastSuccessAt) return <Badge variant="success">Active</Badge>;
  return <Badge variant="secondary">Not searched yet</Badge>;
}

/** When it last searched and what it found, or why it could not. */
function HealthLine({ source }: { source: TMentionSourceDto }) {
  const { health } = source;
  if (!health.lastRunAt) return null;
  return (
    <div className="space-y-0.5 text-xs">
      {health.lastError ? (
        <p className="text-destructive">
          Failed {formatDateTime(health.lastRunAt)}: {health.lastError}
        </p>
      ) : (
        <p className="text-muted-foreground">
          Last searched {formatDateTime(health.lastRunAt)} · {plural(health.lastItems ?? 0, 'item')} found,{' '}
          {plural(health.lastAdded ?? 0, 'new mention')}
        </p>
      )}
      {health.lastError && health.lastSuccessAt && (
        <p className="text-muted-foreground">Last worked {formatDateTime(health.lastSuccessAt)}</p>
      )}
      {health.lastNote && <p className="text-muted-foreground">{health.lastNote}</p>}
    </div>
  );
}

/** A list the source reads (Mastodon hashtags, App Store apps), saved on its own. */
function TargetsEditor({
  source,
  subject,
  field,
}: {
  source: TMentionSourceDto;
  subject: MentionSubjectRef;
  field: 'hashtags' | 'appleAppIds';
}) {
  const update = useUpdateMentionSource(subject);
  const [values, setValues] = useState(source[field]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValues(source[field]), [source, field]);
  const changed = values.join('\n') !== source[field].join('\n');
  const copy =
    field === 'hashtags'
      ? {
          label: 'Hashtags',
          hint: 'Read on each instance; without any, the name written as one hashtag is read.',
          placeholder: 'e.g. pedalandco',
        }
      : {
          label: 'App Store apps',
          hint: 'The app’s id or its apps.apple.com address.',
          placeholder: 'e.g. 1234567890',
        };
  const save = () =>
    update.mutate(
      { kind: source.kind, change: { [field]: values } },
      {
        onSuccess: () => setProblem(null),
        onError: (error) => {
          if (isUnauthorizedError(error)) notifyError(error, 'Failed to save', 'Failed to save');
          else setProblem(errorDisplayMessage(error, 'Failed to save'));
        },
      },
    );
  return (
    <div className="space-y-2">
      <TermsInput
        id={`${field}-${source.kind}`}
        label={copy.label}
        hint={copy.hint}
        placeholder={copy.placeholder}
        terms={values}
        onChange={setValues}
      />
      {problem && (
        <p className="flex items-center gap-1 text-destructive text-xs">
          <CircleAlert aria-hidden="true" className="size-3.5" />
          {problem}
        </p>
      )}
      {changed && (
        <Button size="sm" onClick={save} disabled={update.isPending}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save {copy.label.toLowerCase()}
        </Button>
      )}
    </div>
  );
}

export function MentionSourceRow({ source, subject }: { source: TMentionSourceDto; subject: MentionSubjectRef }) {
  const update = useUpdateMentionSource(subject);
  const switchId = `mention-source-${subject.id}-${source.kind}`;
  const toggle = (enabled: boolean) =>
    update.mutate(
      { kind: source.kind, change: { enabled } },
      { onError: (error) => notifyError(error, 'Failed to change the source', 'Failed to change the source') },
    );
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-testid={`mention-source-${source.kind}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={switchId} className="font-medium">
              {source.label}
            </label>
            <StatusBadge source={source} />
          </div>
          <p className="text-muted-foreground text-xs">{source.needs}</p>
          {source.adminHint && (
            <p className="text-xs">
              <span className="font-medium">For administrators: </span>
              {source.adminHint}
            </p>
          )}
          {source.available && <HealthLine source={source} />}
        </div>
        <Switch
          id={switchId}
          checked={source.available && source.enabled}
          disabled={!source.available || update.isPending}
          onCheckedChange={toggle}
          aria-label={`${source.label}: ${source.enabled ? 'on' : 'off'}`}
        />
      </div>
      {source.available && source.enabled && source.kind === 'mastodon' && (
        <TargetsEditor source={source} subject={subject} field="hashtags" />
      )}
      {source.available && source.enabled && source.kind === 'apple_app_store' && (
        <TargetsEditor source={source} subject={subject} field="appleAppIds" />
      )}
      {source.available && source.enabled && source.kind === 'google_places' && subject.subject === 'brand' && (
        <GooglePlacePicker brandId={subject.id} />
      )}
    </li>
  );
}
