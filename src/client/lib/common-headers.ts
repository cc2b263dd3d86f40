import { readLocal, storageKeys } from './storage.ts';

/** Headers every request carries: the development account-switch header when both keys are set. */
export function commonHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const email = readLocal(storageKeys.accountSwitchEmail);
  if (email && readLocal(storageKeys.forceAccountSwitch) === 'true') {
    headers['x-force-account-switch'] = email;
  }
  return headers;
}
