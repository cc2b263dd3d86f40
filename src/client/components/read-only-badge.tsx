import { Lock } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { Badge } from './ui/badge.tsx';

/** Marks a brand its owner's plan keeps read-only (beyond the plan's brands, or after its days). */
export function ReadOnlyBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={cn('shrink-0', className)}>
      <Lock aria-hidden="true" />
      Read-only
    </Badge>
  );
}
