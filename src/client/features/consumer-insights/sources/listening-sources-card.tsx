import { useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDisplayMessage } from '../../../lib/api.ts';
import { useRelevanceTerms } from '../relevance-queries.ts';
import { useMentionSources } from './mention-source-queries.ts';
import { MentionSourceRow } from './mention-source-row.tsx';
import { TermsEditor } from './terms-editor.tsx';

/**
 * Where discovery looks for mentions by the name, for the brand and for each competitor: each
 * source on or off, what it needs, whether this server can run it, and how it last fared; and
 * the terms that decide which of the mentions found count.
 */
export function ListeningSourcesCard({ brand }: { brand: TBrand }) {
  const terms = useRelevanceTerms(brand.id);
  const [chosen, setChosen] = useState<string>('brand');
  const subjects = terms.data ? [terms.data.brand, ...terms.data.competitors] : [];
  const subject = subjects.find((item) => (chosen === 'brand' ? item.subject === 'brand' : item.id === chosen));
  const ref = subject ? { subject: subject.subject, id: subject.id } : null;
  const sources = useMentionSources(ref);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Listening sources</h2>
        </CardTitle>
        <CardDescription>
          Discovery searches these for {subject?.name ?? brand.name} by name, website and handles: nothing to add first.
          Each search reads what is new since the last one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {terms.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : terms.error ? (
          <p className="text-destructive text-sm">
            {errorDisplayMessage(terms.error, 'The sources could not be loaded.')}
          </p>
        ) : (
          <>
            {subjects.length > 1 && (
              <div className="space-y-2 md:w-72">
                <Label htmlFor="listening-subject">Sources for</Label>
                <Select value={chosen} onValueChange={setChosen}>
                  <SelectTrigger id="listening-subject" className="w-full">
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
            {sources.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : sources.error ? (
              <p className="text-destructive text-sm">
                {errorDisplayMessage(sources.error, 'The sources could not be loaded.')}
              </p>
            ) : (
              ref && (
                <ul className="divide-y" aria-label={`Listening sources for ${subject?.name}`}>
                  {sources.data?.sources.map((source) => (
                    <MentionSourceRow key={`${ref.id}-${source.kind}`} source={source} subject={ref} />
                  ))}
                </ul>
              )
            )}
            {subject && (
              <section className="space-y-3 border-t pt-4" aria-labelledby="which-mentions-count">
                <h3 id="which-mentions-count" className="font-medium">
                  Which mentions count
                </h3>
                <p className="text-muted-foreground text-sm">
                  A mention found counts for {subject.name} when it names it, links to its website or tags one of its
                  handles. Your own review pages and apps, feedback you add and files you import always count. The rest
                  is kept under “Filtered as not about {brand.name}”.
                </p>
                <TermsEditor key={subject.id} brandId={brand.id} subject={subject} />
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
