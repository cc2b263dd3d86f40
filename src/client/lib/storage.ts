import { isPlanKey, type PlanKey } from '../../shared/plans.ts';

/** Every localStorage key the browser app uses. */
export const storageKeys = {
  /** The plan chosen on the landing page or in settings: free, starter, smb or agency. */
  selectedPlan: 'selectedPlan',
  /** The paid plan the subscribe screen last showed, so /upgrade (payment failed, Try Again) shows it again. */
  lastCheckoutPlan: 'lastCheckoutPlan',
  /** Development account switching: the e-mail to act as, honoured only when forceAccountSwitch is 'true'. */
  accountSwitchEmail: 'accountSwitchEmail',
  forceAccountSwitch: 'forceAccountSwitch',
  /** Which insights the Consumer Insights list shows: my-brand (default), competitors or all. */
  insightBrandFilter: 'consumerInsightsBrandFilter',
} as const;

export function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app still works without it.
  }
}

export function removeLocal(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // See writeLocal.
  }
}

export function getSelectedPlan(): PlanKey | null {
  const value = readLocal(storageKeys.selectedPlan);
  return isPlanKey(value) ? value : null;
}

export function setSelectedPlan(plan: PlanKey): void {
  writeLocal(storageKeys.selectedPlan, plan);
}

export function clearSelectedPlan(): void {
  removeLocal(storageKeys.selectedPlan);
}

/** Whatever is stored under selectedPlan, valid or not: the subscribe screen treats an unknown plan as SMB. */
export function readSelectedPlanValue(): string | null {
  return readLocal(storageKeys.selectedPlan);
}

export function getLastCheckoutPlan(): string | null {
  return readLocal(storageKeys.lastCheckoutPlan);
}

export function setLastCheckoutPlan(plan: PlanKey): void {
  writeLocal(storageKeys.lastCheckoutPlan, plan);
}
