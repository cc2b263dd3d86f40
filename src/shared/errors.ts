/** Error codes the API replies with, and the HTTP status each one maps to. */
export const appErrorStatus = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account's plan does not include the feature at all; the UI offers an upgrade. */
  plan_feature: 403,
  /**
   * The plan includes the feature but not this: its allowance (audits, insights, brands) is used up,
   * its access period has ended, or the brand is beyond the plan's brands (read-only). The UI offers
   * an upgrade, as for plan_feature.
   */
  plan_limit: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_failed: 502,
  /** A service this server needs is not set up (payments without Stripe keys in production). */
  not_configured: 503,
  /** The database is unreachable for a moment; the reply carries Retry-After. */
  unavailable: 503,
  internal: 500,
} as const;

export type AppErrorCode = keyof typeof appErrorStatus;

/** Body of every error reply: `{ message }`, plus the code for programmatic use. */
export type ApiErrorBody = { message: string; code?: AppErrorCode };
