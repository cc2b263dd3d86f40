import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { type TRelevanceTerms, ZRelevanceTermsRequest } from '../../../../shared/schemas/relevance.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useRelevanceTerms, useSaveRelevanceTerms } from '../relevance-queries.ts';
import { TermsInput } from './terms-input.tsx';

function TermsEditor({ brandId, subject }: { brandId: string; subject: TRelevanceTerms }) {
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

/**
 * What makes a collected mention count as about the brand (or one of its competitors): the name,
 * the website and handles, plus the required and excluded terms edited here. Saving scores the
 * stored mentions again; what a person flagged or restored stays as they left it.
 */
export function RelevanceTermsCard({ brand }: { brand: TBrand }) {
  const terms = useRelevanceTerms(brand.id);
  const [chosen, setChosen] = useState<string>('brand');
  const subjects = terms.data ? [terms.data.brand, ...terms.data.competitors] : [];
  const subject = subjects.find((item) => (chosen === 'brand' ? item.subject === 'brand' : item.id === chosen));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Which mentions count</h2>
        </CardTitle>
        <CardDescription>
          A mention found by discovery counts for {brand.name} when it names it (any case or accents, “&” or “and”, with
          or without “’s”), links to its website, or tags one of its handles. Your own review pages, feedback you add
          and files you import always count. The rest is kept under “Filtered as not about {brand.name}”.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {terms.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : terms.error ? (
          <p className="text-destructive text-sm">
            {errorDisplayMessage(terms.error, 'The terms could not be loaded.')}
          </p>
        ) : (
          <>
            {subjects.length > 1 && (
              <div className="space-y-2 md:w-72">
                <Label htmlFor="relevance-subject">Terms for</Label>
                <Select value={chosen} onValueChange={setChosen}>
                  <SelectTrigger id="relevance-subject" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {subjects.map((item) => (
                      <SelectItem key={item.id} value={item.subject === 'brand' ? 'brand' : item.id}>
                        {item.subject === 'brand' ? item.name : `${item.name} (competitor)`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
            {subject && <TermsEditor key={subject.id} brandId={brand.id} subject={subject} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
