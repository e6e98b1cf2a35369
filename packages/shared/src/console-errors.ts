/**
 * The operator console's error codes (-10800..-10899), apart from the learner catalogue in
 * errors.ts so that the H5 bundle does not carry a byte of the console (issue 13). The server
 * looks codes up in both (apps/server/src/lib/errors.ts); the console app imports this file.
 */
import type { ErrorEntry } from './errors.ts';

export const CONSOLE_ERROR_CATALOGUE = {
  // Operator console: sign-in, roles, CSRF (issue 13, decision 026). -10820.. is left for the console's sections.
  [-10800]: { message: '请先登录管理后台', status: 401 },
  [-10801]: { message: '您的角色无权进行此操作', status: 403 },
  [-10802]: { message: '内容不存在或不在您的管理范围内', status: 404 },
  [-10803]: { message: '页面已过期，请刷新后重试', status: 403 },
  [-10804]: { message: '登录失败次数过多，请15分钟后再试', status: 429 },
  [-10805]: { message: '手机号或密码错误', status: 401 },
  [-10806]: { message: '请输入动态验证码', status: 401 },
  [-10807]: { message: '动态验证码错误，请重新输入', status: 401 },
  [-10808]: { message: '该手机号已是后台账号', status: 409 },
  // Console: courses and chapters (issue 13, docs/console.md).
  [-10820]: { message: '已有学员购买该章节，不能删除', status: 409 },
  [-10821]: { message: '章节顺序须包含该课程的全部章节，且每个章节只出现一次', status: 400 },
  [-10822]: { message: '所选的讲师、学科、标签或媒体不存在', status: 400 },
  [-10823]: { message: '价格或报名时间设置有误', status: 400 },
  [-10824]: { message: '该媒体已用于其他课程，不能关联到本章节', status: 409 },
  // Console people, money and reviews (issue 13): -10840..-10859.
  [-10840]: { message: '该学员尚未提交资料，无需审核', status: 409 },
  [-10841]: { message: '该退款申请已处理', status: 409 },
  [-10842]: { message: '退款金额须大于0且不超过实付金额', status: 400 },
  [-10843]: { message: '该学员已被拉黑，请先解除黑名单', status: 409 },
  [-10844]: { message: '请填写原因', status: 400 },
  // Console: resumable media uploads (issue 13, docs/console.md "Media uploads"): -10860..-10869.
  [-10860]: { message: '只能上传视频、音频、PDF 或 PPT 文件', status: 415 },
  [-10861]: { message: '文件太大，单个文件不能超过 4 GB', status: 413 },
  [-10862]: { message: '请选择要上传到的章节', status: 400 },
  [-10863]: { message: '请提供文件大小（Upload-Length），文件不能为空', status: 400 },
  [-10864]: { message: '文件类型与课程不符：视频课程请上传视频，音频课程请上传音频或视频', status: 400 },
  [-10865]: { message: '上传信息不完整，请重新选择文件（需要文件名和文件类型）', status: 400 },
  // Console: home and discovery (issue 13, docs/console.md "Home and discovery"): -10870..-10879.
  [-10870]: { message: '轮播图顺序须包含全部轮播图，且每个只出现一次', status: 400 },
  [-10871]: { message: '已有同名标签', status: 409 },
  [-10872]: { message: '该标签仍有课程在用，不能删除', status: 409 },
  [-10873]: { message: '热搜词不能为空，也不能重复', status: 400 },
  [-10874]: { message: '标签名不能为空', status: 400 },
  // Console: learners' memberships granted or revoked (issue 13): -10880..-10889.
  [-10880]: { message: '会员套餐不存在', status: 400 },
  [-10881]: { message: '该会员已撤销', status: 409 },
} as const satisfies Record<number, ErrorEntry>;

export type ConsoleErrorCode = keyof typeof CONSOLE_ERROR_CATALOGUE;

/** Named console codes: `ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED`. */
export const ConsoleErrorCodes = {
  ADMIN_LOGIN_REQUIRED: -10800,
  ADMIN_FORBIDDEN: -10801,
  ADMIN_NOT_FOUND: -10802,
  ADMIN_CSRF: -10803,
  ADMIN_LOCKED: -10804,
  ADMIN_BAD_CREDENTIALS: -10805,
  ADMIN_TOTP_REQUIRED: -10806,
  ADMIN_TOTP_INVALID: -10807,
  ADMIN_OPERATOR_EXISTS: -10808,
  ADMIN_CHAPTER_BOUGHT: -10820,
  ADMIN_BAD_ORDER: -10821,
  ADMIN_BAD_REFERENCE: -10822,
  ADMIN_BAD_PRICE: -10823,
  ADMIN_MEDIA_TAKEN: -10824,
  ADMIN_PROFILE_NOT_SUBMITTED: -10840,
  ADMIN_REFUND_DECIDED: -10841,
  ADMIN_REFUND_AMOUNT: -10842,
  ADMIN_LEARNER_BLACKLISTED: -10843,
  ADMIN_REASON_REQUIRED: -10844,
  UPLOAD_TYPE_NOT_ALLOWED: -10860,
  UPLOAD_TOO_LARGE: -10861,
  UPLOAD_CHAPTER_INVALID: -10862,
  UPLOAD_LENGTH_INVALID: -10863,
  UPLOAD_TYPE_MISMATCH: -10864,
  UPLOAD_METADATA_INVALID: -10865,
  ADMIN_BANNER_ORDER: -10870,
  ADMIN_TAG_EXISTS: -10871,
  ADMIN_TAG_IN_USE: -10872,
  ADMIN_HOT_WORD_INVALID: -10873,
  ADMIN_TAG_NAME_EMPTY: -10874,
  ADMIN_MEMBERSHIP_PLAN_INVALID: -10880,
  ADMIN_MEMBERSHIP_REVOKED: -10881,
} as const satisfies Record<string, ConsoleErrorCode>;

export function lookupConsoleError(code: number): ErrorEntry | undefined {
  return (CONSOLE_ERROR_CATALOGUE as Record<number, ErrorEntry>)[code];
}
