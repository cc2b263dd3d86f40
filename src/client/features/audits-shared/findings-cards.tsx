import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { AiWrittenLabel } from './ai-written-label.tsx';
import type { TReportAudit } from './report-types.ts';

function FindingsCard({
  title,
  items,
  empty,
  tone,
  aiWritten,
}: {
  title: string;
  items: string[];
  empty: string;
  tone: 'good' | 'bad';
  aiWritten: boolean;
}) {
  const Icon = tone === 'good' ? ThumbsUp : ThumbsDown;
  return (
    <Card className="gap-4">
      <CardHeader className="gap-2">
        <CardTitle className="flex items-center gap-2">
          <span
            className={
              tone === 'good'
                ? 'flex size-7 items-center justify-center rounded-lg bg-success/10 text-success'
                : 'flex size-7 items-center justify-center rounded-lg bg-destructive/10 text-destructive'
            }
          >
            <Icon aria-hidden="true" className="size-3.5" />
          </span>
          <h2>{title}</h2>
        </CardTitle>
        {aiWritten && <AiWrittenLabel />}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="space-y-2.5">
            {items.map((item, index) => (
              <li key={index} className="flex gap-2.5 text-sm leading-relaxed">
                <span
                  aria-hidden="true"
                  className={
                    tone === 'good'
                      ? 'mt-2 size-1.5 shrink-0 rounded-full bg-success'
                      : 'mt-2 size-1.5 shrink-0 rounded-full bg-destructive'
                  }
                />
                <span className="min-w-0 break-words">{item}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function FindingsCards({ audit }: { audit: TReportAudit }) {
  const aiWritten = audit.writtenBy === 'ai';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FindingsCard
        title="Strengths"
        items={audit.strengths}
        empty="No check passed in full this time."
        tone="good"
        aiWritten={aiWritten}
      />
      <FindingsCard
        title="Weaknesses"
        items={audit.weaknesses}
        empty="No weaknesses found: every measured check passed."
        tone="bad"
        aiWritten={aiWritten}
      />
    </div>
  );
}
