import { ChevronDown, CircleCheck, CircleDashed, CircleMinus, CircleX, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { TCheckResult } from '../../../shared/schemas/audits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/collapsible.tsx';
import { cn } from '../../lib/utils.ts';
import { type CheckStatus, checkStatusLabels } from './labels.ts';

const statusStyles: Record<CheckStatus, { icon: typeof CircleCheck; iconClass: string; pillClass: string }> = {
  pass: { icon: CircleCheck, iconClass: 'text-success', pillClass: 'bg-success/10 text-success' },
  fail: { icon: CircleX, iconClass: 'text-destructive', pillClass: 'bg-destructive/10 text-destructive' },
  not_measured: {
    icon: CircleDashed,
    iconClass: 'text-amber-600 dark:text-warning',
    pillClass: 'bg-warning/15 text-amber-700 dark:text-warning',
  },
  not_applicable: {
    icon: CircleMinus,
    iconClass: 'text-muted-foreground',
    pillClass: 'bg-muted text-muted-foreground',
  },
};

export function CheckStatusPill({ status, className }: { status: CheckStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 font-medium text-xs',
        statusStyles[status].pillClass,
        className,
      )}
    >
      {checkStatusLabels[status]}
    </span>
  );
}

/** Only web addresses become links; anything else found on a page (javascript:, mailto:) stays text. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function EvidenceValue({ value }: { value: TCheckResult['evidence'][number]['value'] }) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <p className="text-muted-foreground">
      Value: <span className="break-words font-mono text-foreground">{String(value)}</span>
    </p>
  );
}

function EvidenceList({ evidence }: { evidence: TCheckResult['evidence'] }) {
  return (
    <ul className="space-y-2 text-xs">
      {evidence.map((item, index) => (
        <li key={index} className="space-y-1 rounded-md border bg-muted/40 px-2.5 py-2 sm:px-3">
          {item.url &&
            (isWebAddress(item.url) ? (
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex max-w-full items-start gap-1 break-all font-medium text-primary underline-offset-4 hover:underline"
              >
                <span>{item.url}</span>
                <ExternalLink aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
              </a>
            ) : (
              <p className="break-all font-medium">{item.url}</p>
            ))}
          {item.selector && (
            <p className="text-muted-foreground">
              Element:{' '}
              <code className="break-all rounded bg-background px-1 py-0.5 text-foreground">{item.selector}</code>
            </p>
          )}
          <EvidenceValue value={item.value} />
          {item.note && <p className="text-muted-foreground">{item.note}</p>}
        </li>
      ))}
    </ul>
  );
}

/** One measured check: status, what was found, and the evidence behind it on demand. */
export function CheckItem({ check }: { check: TCheckResult }) {
  const [open, setOpen] = useState(false);
  const { icon: Icon, iconClass } = statusStyles[check.status];
  const count = check.evidence.length;

  return (
    <li className="py-3 first:pt-0 last:pb-0" data-check-id={check.id} data-status={check.status}>
      <Collapsible open={open} onOpenChange={setOpen}>
        <div className="flex items-start gap-2.5 sm:gap-3">
          <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <p className="break-words font-medium text-sm">{check.title}</p>
              <CheckStatusPill status={check.status} />
            </div>
            <p className="mt-1 break-words text-muted-foreground text-sm leading-relaxed">{check.summary}</p>
            {count > 0 && (
              <>
                <CollapsibleTrigger asChild>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-ml-2 mt-1 h-7 px-2 text-primary text-xs hover:text-primary"
                  >
                    <ChevronDown
                      aria-hidden="true"
                      className={cn('size-3.5 transition-transform', open && 'rotate-180')}
                    />
                    Evidence ({count})<span className="sr-only">: {check.title}</span>
                  </Button>
                </CollapsibleTrigger>
                <CollapsibleContent className="mt-2">
                  <EvidenceList evidence={check.evidence} />
                </CollapsibleContent>
              </>
            )}
          </div>
        </div>
      </Collapsible>
    </li>
  );
}
