import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import { cn } from '../../lib/utils.ts';
import { scoreBandLabel, scoreStrokeClass, scoreTextClass } from './score-colours.ts';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

type ScoreGaugeProps = {
  /** null when too little was measured for a score: an empty ring that says so */
  score: number | null;
  /** What the score is of, for screen readers: 'Overall brand score'. */
  label: string;
  className?: string;
  /** Shows the band ('Good', 'Fair', 'Poor') under the number. */
  showBand?: boolean;
};

/** A score out of 100 as a ring filled to the score, coloured by its band. */
export function ScoreGauge({ score, label, className, showBand = true }: ScoreGaugeProps) {
  if (score === null) return <EmptyGauge label={label} className={className} />;
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  return (
    <div
      role="img"
      aria-label={`${label}: ${clamped} out of 100`}
      className={cn('relative size-36 shrink-0', className)}
      data-testid="score-gauge"
    >
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="9" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          className={cn('transition-[stroke-dashoffset] duration-700', scoreStrokeClass(clamped))}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        />
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center">
        <span className={cn('font-bold text-4xl tabular-nums leading-none', scoreTextClass(clamped))}>{clamped}</span>
        <span className="mt-1 text-muted-foreground text-xs">out of 100</span>
        {showBand && (
          <span className={cn('mt-1 font-semibold text-[0.7rem] uppercase tracking-wider', scoreTextClass(clamped))}>
            {scoreBandLabel(clamped)}
          </span>
        )}
      </div>
    </div>
  );
}

function EmptyGauge({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`${label}: ${NOT_ENOUGH_MEASURED.toLowerCase()}`}
      className={cn('relative size-36 shrink-0', className)}
      data-testid="score-gauge"
    >
      <svg viewBox="0 0 100 100" className="size-full" aria-hidden="true">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="9" className="stroke-muted" />
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center px-6 text-center">
        <span className="font-bold text-3xl text-muted-foreground leading-none">—</span>
        <span className="mt-1.5 text-muted-foreground text-xs leading-tight">{NOT_ENOUGH_MEASURED}</span>
      </div>
    </div>
  );
}
