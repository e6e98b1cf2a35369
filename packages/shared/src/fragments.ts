/**
 * Pieces the schema files build with (not exported from the package): nullable scalars, unions of
 * literals, the page envelope of every list and the paging of the operators' lists. Each produces
 * exactly the JSON Schema it replaces, so /openapi.json does not change.
 */
import { Type, type TLiteral, type TSchema, type TUnion } from 'typebox';
import { PageNo, PageSize } from './numbers.ts';

export const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
export const NullableString = Type.Union([Type.String(), Type.Null()]);

type LiteralUnion<T extends readonly (string | number)[]> = TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

/** `Literals(['a', 'b'])` is `Type.Union([Type.Literal('a'), Type.Literal('b')])`. */
export function Literals<const T extends readonly (string | number)[]>(values: T): LiteralUnion<T> {
  return Type.Union(values.map((v) => Type.Literal(v))) as unknown as LiteralUnion<T>;
}

/** A page of a list: the rows asked for and how many there are in all. */
export function Page<T extends TSchema>(row: T) {
  return Type.Object({ rows: Type.Array(row), total: Type.Integer() });
}

/** Paging of the operators' lists (X-Ops-Token): up to 100 a page, 20 unless asked. */
export const adminPaging = {
  pageIndex: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 100, default: 20 })),
};
