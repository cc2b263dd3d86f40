/**
 * The plan rules the server enforces, one rule per file under plan-limits/, all read from the
 * plans table (src/shared/plans.ts). Features import them from here.
 */
export {
  accessEndedAt,
  accessPeriodOf,
  assertAccessNotEnded,
  starterAccessEndsAt,
} from './plan-limits/access-period.ts';
export {
  type AuditAllowance,
  assertCanStartAudit,
  workspacePlanOf,
} from './plan-limits/audit-allowance.ts';
export {
  assertCanChangeBrand,
  type BrandAccess,
  brandAccessOf,
  changeableBrandsOf,
  type KnownBrandAccessFacts,
} from './plan-limits/brand-changes.ts';
export { assertBrandSlotFree, brandPosition } from './plan-limits/brand-slots.ts';
export { assertCanCreateCompetitorReport, assertPlanAllows } from './plan-limits/feature-guards.ts';
export { assertInsightRoom, insightRoomForBrand, insightRoomOf } from './plan-limits/insight-allowance.ts';
export type { Owner } from './plan-limits/owner.ts';
export { planUsageOf, type Usage } from './plan-limits/plan-usage.ts';
