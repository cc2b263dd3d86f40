import { Sparkles } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

/** Marks text a language model wrote from the audit's measured checks (DESIGN §1.2). */
export function AiWrittenLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 justify-self-start rounded-full bg-violet-500/10 px-2 py-0.5 font-medium text-violet-700 text-xs dark:text-violet-300',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-3" />
      AI-written from measured findings
    </span>
  );
}
