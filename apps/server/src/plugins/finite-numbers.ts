/**
 * The Ajv keyword behind `Int()`/`Decimal()` of packages/shared/src/numbers.ts (issue 11 §3).
 * Ajv coerces the query string `Infinity` (or `1e400`) to the number Infinity, and its
 * `minimum`/`maximum` checks only look at finite numbers, so an unbounded value reached services
 * and SQL ("datatype mismatch", a 500). The keyword runs after coercion and refuses any
 * non-finite number; the error handler names the field like any other validation failure.
 */
import type { FastifyServerOptions } from 'fastify';
import { FINITE_KEYWORD } from '@jinfa/shared';

type AjvPlugins = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>;
type AjvPlugin = Extract<AjvPlugins[number], (...args: never[]) => unknown>;

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}
type FiniteValidate = ((schema: unknown, data: unknown) => boolean) & { errors?: KeywordError[] };

export const finiteNumbers: AjvPlugin = (ajv) => {
  const validate: FiniteValidate = (schema, data) => {
    if (schema !== true || typeof data !== 'number' || Number.isFinite(data)) return true;
    validate.errors = [{ keyword: FINITE_KEYWORD, message: 'must be a finite number', params: {} }];
    return false;
  };
  ajv.addKeyword({ keyword: FINITE_KEYWORD, schemaType: 'boolean', errors: true, validate });
  return ajv;
};
