import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type TRelevanceTerms, ZRelevanceTermsRequest } from '../../../../shared/schemas/relevance.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useSaveRelevanceTerms } from '../relevance-queries.ts';
import { TermsInput } from './terms-input.tsx';

export function TermsEditor({ brandId, subject }: { brandId: string; subject: TRelevanceTerms }) {
  const save = useSaveRelevanceTerms(brandId);
  const [includeTerms, setIncludeTerms] = useState(subject.includeTerms);
  const [excludeTerms, setExcludeTerms] = useState(subject.excludeTerms);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setIncludeTerms(subject.includeTerms);
    setExcludeTerms(subject.excludeTerms);
    setProblem(null);
  }, [subject]);
  const changed =
    includeTerms.join('\n') !== subject.includeTerms.join('\n') ||
    excludeTerms.join('\n') !== subject.excludeTerms.join('\n');

  const submit = () => {
    const parsed = ZRelevanceTermsRequest.safeParse({ includeTerms, excludeTerms });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the terms');
      return;
    }
    setProblem(null);
    save.mutate(
      { subject, terms: parsed.data },
      {
        onError: (error) => {
          if (isUnauthorizedError(error)) notifyError(error, 'Failed to save terms', 'Failed to save terms');
          else setProblem(errorDisplayMessage(error, 'Failed to save terms'));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      {subject.nameIsCommonWord && (
        <Alert>
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            “{subject.name}” is an everyday word, so a mention by the name alone is not counted. Add required terms that
            go with it (what you sell, your town, a product) so mentions of {subject.name} can be told apart.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <TermsInput
          id={`include-${subject.id}`}
          label="Required terms"
          hint={`When set, a mention naming ${subject.name} must also contain one of these. A link to the website or a tagged handle needs none.`}
          placeholder="e.g. Leeds, bike repairs"
          terms={includeTerms}
          onChange={setIncludeTerms}
        />
        <TermsInput
          id={`exclude-${subject.id}`}
          label="Excluded terms"
          hint="A mention containing one of these is filed as not about it, whatever else it says."
          placeholder="e.g. pedal power"
          terms={excludeTerms}
          onChange={setExcludeTerms}
        />
      </div>
      {problem && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <div className="flex justify-end">
        <Button onClick={submit} disabled={!changed || save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save terms
        </Button>
      </div>
    </div>
  );
}
