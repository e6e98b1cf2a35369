/**
 * One place that turns every failure into the envelope {code, message, data}. Typed AppErrors
 * keep their code; Fastify's own errors (validation, body size, bad JSON, wrong content type)
 * map to our protocol codes; anything else is logged with its stack and answered as -50000
 * with the generic message — never the error's own text, never a stack.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, errorMessage, lookupError } from '@jinfa/shared';
import { AppError } from '../lib/errors.ts';

interface Mapped {
  status: number;
  code: number;
  message: string;
  data: unknown;
}

function describeValidation(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return errorMessage(ErrorCodes.VALIDATION);
  const where = err.validationContext ?? 'request';
  const field = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
    (first.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '');
  const label = field ? `${where}.${field}` : where;
  return `${errorMessage(ErrorCodes.VALIDATION)}：${label} ${first.message ?? '不合法'}`.slice(0, 200);
}

export function mapError(err: unknown): Mapped {
  if (err instanceof AppError) {
    return { status: err.status, code: err.code, message: err.message, data: err.data ?? null };
  }
  const e = err as FastifyError & { status?: number };
  const statusCode = e?.statusCode ?? e?.status;
  if (e?.validation) {
    return { status: 400, code: ErrorCodes.VALIDATION, message: describeValidation(e), data: null };
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return withCatalogue(ErrorCodes.BODY_TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { ...withCatalogue(ErrorCodes.VALIDATION), status: 415, message: '请求格式不支持，请使用 JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { ...withCatalogue(ErrorCodes.VALIDATION), message: '请求体不能为空' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { ...withCatalogue(ErrorCodes.VALIDATION), message: '请求体不是合法的 JSON' };
    default:
      break;
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    if (statusCode === 413) return withCatalogue(ErrorCodes.BODY_TOO_LARGE);
    if (statusCode === 429) return withCatalogue(ErrorCodes.RATE_LIMITED);
    if (statusCode === 404) return withCatalogue(ErrorCodes.NOT_FOUND);
    if (statusCode === 405) return withCatalogue(ErrorCodes.METHOD_NOT_ALLOWED);
    return { status: statusCode, code: ErrorCodes.VALIDATION, message: errorMessage(ErrorCodes.VALIDATION), data: null };
  }
  return withCatalogue(ErrorCodes.SERVER_ERROR);
}

function withCatalogue(code: number): Mapped {
  return { status: lookupError(code)?.status ?? 200, code, message: errorMessage(code), data: null };
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(err);
    if (mapped.status >= 500) {
      request.log.error({ err }, 'unhandled error');
    } else if (!(err instanceof AppError)) {
      request.log.info({ code: mapped.code, reason: (err as Error)?.message }, 'request rejected');
    }
    // Our own serializer: a business code answers 200, and the route's 200 schema describes
    // success data, not this envelope.
    void reply
      .status(mapped.status)
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ code: mapped.code, message: mapped.message, data: mapped.data });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
