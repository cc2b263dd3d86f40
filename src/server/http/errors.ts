import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { type AppErrorCode, appErrorStatus } from '../../shared/errors.ts';
import { type DatabaseOutage, RETRY_AFTER_SECONDS } from '../db/outage.ts';

/** The one error type actions throw; the handler below turns it into `{ message, code }`. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = appErrorStatus[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const unauthorized = () => new AppError('unauthorized', 'Unauthorized');

type Issue = { path: string; message: string };

/** zod's own messages name no field, so they get one; messages written in our schemas stand alone. */
const zodDefaultMessage = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required)/;

export function describeIssues(issues: Issue[]): string {
  const sentences = issues.map(({ path, message }) =>
    path && zodDefaultMessage.test(message) ? `${path}: ${message}` : message,
  );
  return [...new Set(sentences)].join('; ');
}

function issuesOfZodError(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Turns every error, from hooks (the session lookup) and handlers alike, into `{ message, code }`. */
export function registerErrorHandling(app: FastifyInstance, outage?: DatabaseOutage) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: describeIssues(issuesOfZodError(error)), code: 'validation' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no record: the same answer as a missing one.
      if ((error as { validationContext?: string }).validationContext === 'params') {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      const issues = error.validation.map((issue) => ({
        path: String(issue.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: describeIssues(issues), code: 'validation' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and its plugins' own client errors: bad JSON, body too large, rate limit, media type.
      const message = status === 413 ? 'The upload is too large' : error.message;
      return reply.status(status).send({ message });
    }
    // The outage is logged once by the tracker; each request only says it was turned away.
    if (outage?.report(error)) {
      return reply
        .status(appErrorStatus.unavailable)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
