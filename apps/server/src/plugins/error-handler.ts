/**
 * One place that turns every failure into the envelope {code, message, data}. Typed AppErrors
 * keep their code; Fastify's own errors (validation, body size, bad JSON, wrong content type)
 * map to our protocol codes; anything else is logged with its stack and answered as -50000
 * with the generic message — never the error's own text, never a stack.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, errorMessage, FINITE_KEYWORD } from '@jinfa/shared';
import { AppError, findError, messageOf } from '../lib/errors.ts';
import { storageFailure } from '../lib/storage-errors.ts';

interface Mapped {
  status: number;
  code: number;
  message: string;
  data: unknown;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** Ajv's reason in Chinese for the keywords our schemas use; anything else says 不合法. */
function reason(issue: ValidationIssue): string {
  const p = (issue.params ?? {}) as Record<string, unknown>;
  switch (issue.keyword) {
    case 'type':
      return p.type === 'integer' ? '须为整数' : p.type === 'number' ? '须为数字' : `类型须为 ${String(p.type)}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `不能小于 ${String(p.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `不能大于 ${String(p.limit)}`;
    case FINITE_KEYWORD:
      return '须为有限的数字';
    case 'required':
      return '不能为空';
    case 'minLength':
      return `长度不能少于 ${String(p.limit)}`;
    case 'maxLength':
      return `长度不能超过 ${String(p.limit)}`;
    case 'maxItems':
      return `不能超过 ${String(p.limit)} 项`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return '取值不在允许范围内';
    case 'pattern':
    case 'format':
      return '格式不正确';
    default:
      return '不合法';
  }
}

/** 请求参数有误：querystring.pageSize 不能大于 100 — the field named as `{part}.{path}`. */
function describeValidation(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return errorMessage(ErrorCodes.VALIDATION);
  const where = err.validationContext ?? 'request';
  const missing = first.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
  const field = [(first.instancePath || '').replace(/^\//, '').replace(/\//g, '.'), missing].filter(Boolean).join('.');
  const label = field ? `${where}.${field}` : where;
  return `${errorMessage(ErrorCodes.VALIDATION)}：${label} ${reason(first)}`.slice(0, 200);
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
  // A read-only, full or unreachable store is one coded 503, not -50000 (decision 020).
  if (storageFailure(err)) return withCatalogue(ErrorCodes.STORAGE_UNAVAILABLE);
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
  return { status: findError(code)?.status ?? 200, code, message: messageOf(code), data: null };
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(err);
    if (mapped.code === ErrorCodes.STORAGE_UNAVAILABLE) {
      request.log.error({ err, storage: storageFailure(err) }, 'storage unavailable');
    } else if (mapped.status >= 500) {
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
