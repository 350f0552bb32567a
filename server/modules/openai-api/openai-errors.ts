import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAiError } from '@contract/openai';
import { errorStatus, type ErrorCode } from '@contract/errors';
import { AppError } from '../../lib/app-error';

/**
 * Errors of /v1 in OpenAI's shape and statuses, so official clients raise their own types
 * (AuthenticationError on 401, BadRequestError on 400, RateLimitError on 429…). `param` names
 * the request field at fault, as OpenAI's does.
 */
export class OpenAiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly param: string | null,
    readonly code: string | null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, param: string, code: string | null = null) =>
  new OpenAiRequestError(400, message, 'invalid_request_error', param, code);

/** OpenAI's type and code for each of Genie's error codes (the code stays Genie's where OpenAI has none). */
const OPENAI_KIND: Partial<Record<ErrorCode, { type: string; code: string }>> = {
  invalid_input: { type: 'invalid_request_error', code: 'invalid_value' },
  invalid_token: { type: 'authentication_error', code: 'invalid_api_key' },
  not_signed_in: { type: 'authentication_error', code: 'invalid_api_key' },
  premium_required: { type: 'permission_error', code: 'premium_required' },
  forbidden: { type: 'permission_error', code: 'forbidden' },
  cross_site: { type: 'permission_error', code: 'cross_site' },
  not_found: { type: 'invalid_request_error', code: 'not_found' },
  too_large: { type: 'invalid_request_error', code: 'context_length_exceeded' },
  rate_limited: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  allowance_exhausted: { type: 'insufficient_quota', code: 'insufficient_quota' },
  provider_failed: { type: 'server_error', code: 'provider_failed' },
  unavailable: { type: 'server_error', code: 'unavailable' },
};

/** An AppError (a limit, a refused mode, a provider failure…) as OpenAI's error. */
export function fromAppError(error: AppError): OpenAiRequestError {
  const kind = OPENAI_KIND[error.code] ?? { type: error.status >= 500 ? 'server_error' : 'invalid_request_error', code: error.code };
  return new OpenAiRequestError(error.status, error.message, kind.type, error.field ?? null, kind.code, error.headers ?? {});
}

export const errorBody = (error: OpenAiRequestError): OpenAiError => ({
  error: { message: error.message, type: error.type, param: error.param, code: error.code },
});

const JSON_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
};

/** The error handler of the /v1 plugin: nothing leaves it in Genie's own error shape, and no stack or SQL. */
export function openAiErrorHandler(error: FastifyError | AppError | OpenAiRequestError, request: FastifyRequest, reply: FastifyReply) {
  let known: OpenAiRequestError;
  if (error instanceof OpenAiRequestError) known = error;
  else if (error instanceof AppError) known = fromAppError(error);
  else if (error.code && JSON_ERRORS[error.code]) {
    known = new OpenAiRequestError(error.statusCode ?? 400, JSON_ERRORS[error.code]!, 'invalid_request_error', null, 'invalid_body');
  } else {
    request.log.error({ err: error }, 'openai-compatible request failed');
    known = new OpenAiRequestError(errorStatus.internal, 'Something went wrong on our side. Please try again.', 'server_error', null, 'internal');
  }
  return reply.status(known.status).headers(known.headers).type('application/json; charset=utf-8').send(errorBody(known));
}
