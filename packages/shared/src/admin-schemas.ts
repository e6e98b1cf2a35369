/**
 * The console's own routes: sign-in and sessions, TOTP, operators, audit log (issue 13,
 * docs/console.md, decision 026). Lists answer `{items, total, page, pageSize}`.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { Id, PageNo, PageSize, Timestamp, OrNull } from './numbers.ts';

export const OperatorRoleSchema = Literals(['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin']);
export type OperatorRoleName = Static<typeof OperatorRoleSchema>;

const Phone = Type.String({ pattern: '^1[3-9]\\d{9}$', description: 'mainland China mobile number' });
const Password = Type.String({ minLength: 8, maxLength: 128 });
const OperatorName = Type.String({ minLength: 1, maxLength: 40 });
const TotpCode = Type.String({ pattern: '^\\d{6}$' });

/** Paging of the console's lists (docs/console.md). */
export const adminListPaging = {
  page: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 100, default: 20 })),
  order: Type.Optional(Literals(['ascend', 'descend'])),
};

/** What the console says of any operator: the signed-in one (phone masked, 138****0001) and the owner's list. */
const operatorFields = {
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  role: OperatorRoleSchema,
  lecturerId: NullableInt,
  corporateId: NullableInt,
  totpEnabled: Type.Boolean(),
};

export const AdminOperatorSelf = Type.Object(operatorFields);
export type AdminOperatorSelf = Static<typeof AdminOperatorSelf>;

export const AdminSignInBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  totp: Type.Optional(Type.String({ maxLength: 10 })),
});
export type AdminSignInBody = Static<typeof AdminSignInBody>;

export const AdminSession = Type.Object({ operator: AdminOperatorSelf, csrfToken: Type.String() });
export type AdminSession = Static<typeof AdminSession>;

export const AdminRevokeAllResult = Type.Object({ revoked: Type.Integer() });

export const AdminTotpSetup = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() });
export type AdminTotpSetup = Static<typeof AdminTotpSetup>;
export const AdminTotpEnableBody = Type.Object({ code: TotpCode });

export const AdminOperator = Type.Object({
  ...operatorFields,
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AdminOperator = Static<typeof AdminOperator>;

export const AdminOperatorListQuery = Type.Object({ ...adminListPaging, sort: Type.Optional(Literals(['id'])) });
export type AdminOperatorListQuery = Static<typeof AdminOperatorListQuery>;

export const AdminOperatorCreateBody = Type.Object({
  phone: Phone,
  password: Password,
  name: OperatorName,
  role: OperatorRoleSchema,
  lecturerId: Type.Optional(OrNull(Id())),
  corporateId: Type.Optional(OrNull(Id())),
});
export type AdminOperatorCreateBody = Static<typeof AdminOperatorCreateBody>;

export const AdminOperatorPatchBody = Type.Object({
  role: Type.Optional(OperatorRoleSchema),
  name: Type.Optional(OperatorName),
  disabled: Type.Optional(Type.Boolean()),
  lecturerId: Type.Optional(OrNull(Id())),
  corporateId: Type.Optional(OrNull(Id())),
  password: Type.Optional(Password),
});
export type AdminOperatorPatchBody = Static<typeof AdminOperatorPatchBody>;

export const AdminAuditQuery = Type.Object({
  ...adminListPaging,
  sort: Type.Optional(Literals(['id'])),
  operatorId: Type.Optional(Id()),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  targetType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Epoch ms, inclusive. */
  from: Type.Optional(Timestamp()),
  /** Epoch ms, exclusive. */
  to: Type.Optional(Timestamp()),
});
export type AdminAuditQuery = Static<typeof AdminAuditQuery>;

export const AdminAuditRow = Type.Object({
  id: Type.Integer(),
  operatorId: NullableInt,
  operatorName: NullableString,
  action: Type.String(),
  targetType: Type.String(),
  targetId: NullableString,
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.String(),
  createdAt: Type.Integer(),
});
export type AdminAuditRow = Static<typeof AdminAuditRow>;
