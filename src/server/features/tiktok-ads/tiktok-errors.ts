import { AppError } from '../../http/errors.ts';
import { TikTokApiError } from '../../integrations/tiktok-ad-library/tiktok-request.ts';

/** A TikTok failure as the API answers it: the words are the connector's (no credential in them). */
export function appErrorOfTikTok(error: unknown): AppError {
  if (!(error instanceof TikTokApiError)) {
    return error instanceof AppError ? error : new AppError('upstream_failed', 'TikTok could not be reached.');
  }
  if (error.kind === 'quota' || error.kind === 'rate_limited') return new AppError('rate_limited', error.message);
  if (error.kind === 'bad_request') return new AppError('validation', error.message);
  return new AppError('upstream_failed', error.message);
}
