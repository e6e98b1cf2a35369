/**
 * The one error catalogue (spec §8), shared by the server (which throws these codes) and the
 * H5 client (which shows them). Every code the spec names is here; codes we added for protocol
 * errors live in the -10xxx range so they never collide with the spec's.
 */

export interface ErrorEntry {
  /** Chinese message shown to the learner (may contain {phone}). */
  readonly message: string;
  /** Popup title. */
  readonly title?: string;
  /** Silent codes never show a popup (spec §8). */
  readonly silent?: boolean;
  /** Optional link for the popup's button. */
  readonly link?: { readonly text: string; readonly href: string };
  /** Show the support phone in the popup. */
  readonly showPhone?: boolean;
  /** HTTP status the server answers with (default 200: a business outcome, not a protocol failure). */
  readonly status?: number;
}

export const SUPPORT_PHONE = '400-810-6688';

const PROFILE_LINK = { text: '去完善资料', href: '/userCenter/myInfo' } as const;
const CENTER_LINK = { text: '去个人中心', href: '/userCenter/userHome' } as const;

/** Silent codes of spec §8, with the meaning we give them on the server. */
const silent = (message: string): ErrorEntry => ({ message, silent: true });

export const ERROR_CATALOGUE = {
  // ---- spec §8 messages ----
  [-1796]: { message: '用户不存在' },
  [-1797]: { message: '您的账号已被锁定，如有疑问请联系客服 {phone}', title: '账号已锁定', showPhone: true },
  [-45093]: { message: '您的账号已被锁定，如有疑问请联系客服 {phone}', title: '账号已锁定', showPhone: true },
  [-1365]: { message: '该系列课程您已按章节购买，不能再整套购买' },
  [-45092]: { message: '课程已下架，章节不能购买' },
  [-1368]: { message: '本课程未设会员价，VIP会员不可参加返现活动' },
  [-1284]: { message: '报名尚未开始，请耐心等待' },
  [-1285]: { message: '报名已结束' },
  [-1283]: { message: '您已报名', silent: true },
  [-1366]: { message: '该专栏已不存在' },
  [262145]: { message: '您的账号已被列入黑名单，如有疑问请联系客服 {phone}', title: '无法操作', showPhone: true },
  [262146]: { message: '报名成功！您的资料正在审核中，审核期间可临时收听课程', title: '资料审核中' },
  [262147]: { message: '您的资料正在审核中，审核通过后即可报名', title: '资料审核中' },
  [262148]: { message: '您的资料审核未通过，请修改后重新提交', title: '审核未通过', link: PROFILE_LINK },
  [262149]: { message: '由于资料未在12小时内通过审核，订单已失效，请完善资料后重新报名', title: '订单已失效', link: PROFILE_LINK },
  [-1281]: { message: '课程已下架' },
  [-45061]: { message: '课程尚未开始，敬请期待' },
  [-45120]: { message: '活动尚未开始，敬请期待' },
  [-45063]: { message: '课程暂未更新，敬请期待' },
  [-41230]: { message: '您尚未报名该课程' },
  [-45075]: { message: '个人信息审核未通过，请前往个人中心修改', link: CENTER_LINK },
  [-1064]: { message: '个人信息审核未通过，请前往个人中心修改', link: CENTER_LINK },
  [-50000]: { message: '服务器异常，请联系客服 {phone}', showPhone: true, status: 500 },
  [-1058]: { message: '服务器异常，请联系客服 {phone}', showPhone: true },

  // ---- spec §8 silent list (the client never pops these up) ----
  [-1296]: silent('订单处理中'),
  [-1345]: silent('订单已支付'),
  [-1348]: silent('订单已取消'),
  [-1334]: silent('暂无播放记录'),
  [-1335]: silent('暂无课件'),
  [-1336]: silent('暂无讲义'),
  [-1337]: silent('暂无章节'),
  [-1793]: silent('未关注公众号'),
  [-1376]: silent('活动已结束'),
  [-1056]: silent('未加入企业'),
  [-1076]: silent('企业会员未开通'),
  [-1048]: silent('暂无数据'),
  [-1049]: silent('暂无数据'),
  [-1027]: silent('重复操作'),
  [-1078]: silent('无需更新'),
  [-1079]: silent('无需更新'),
  [-1080]: silent('无需更新'),
  [-1025]: silent('已收藏'),
  [-45107]: silent('暂无企业信息'),
  [-1332]: silent('暂无学习进度'),
  [-1289]: silent('暂无订单'),

  // ---- protocol codes we added (decision 004) ----
  [403]: { message: '请先登录', silent: true, status: 403 },
  [-10001]: { message: '请求参数有误', status: 400 },
  [-10002]: { message: '请求内容过大', status: 413 },
  [-10003]: { message: '操作太频繁，请稍后再试', status: 429 },
  [-10004]: { message: '您访问的内容不存在', status: 404 },
  [-10005]: { message: '登录已过期，请重新登录', silent: true, status: 403 },
  [-10010]: { message: '验证码错误，请重新输入' },
  [-10011]: { message: '验证码已失效，请重新获取' },
  [-10012]: { message: '验证码错误次数过多，请重新获取' },
  [-10013]: { message: '验证码发送太频繁，请稍后再试' },
  [-10014]: { message: '请输入正确的手机号' },
  [-10015]: { message: '该手机号已绑定其他账号' },
  [-10016]: { message: '测试登录未开启', status: 404 },
  [-10017]: { message: '微信授权失败，请重试' },
  [-10018]: { message: '请在微信或App中登录' },
  [-10019]: { message: '请输入正确的邮箱' },
  [-10020]: { message: '请输入真实姓名' },
  [-10021]: { message: '请求方式不支持', status: 405 },
  [-10022]: { message: '该微信已绑定其他账号' },
  [-10030]: { message: '该课程需购买后学习' },
  // Tracking (issue 6): answered to the tracker, never shown to a learner.
  [-10040]: { message: '未知的应用标识 X-App-ID', silent: true, status: 400 },
  [-10041]: { message: '一次上报的记录过多', silent: true, status: 413 },
  [-10042]: { message: '需要运营口令', status: 403 },
  [-10050]: { message: '分享链接不在本站', status: 400 },
  [-10051]: { message: '微信分享配置失败，请稍后再试' },
  // Orders and payment (issue 4).
  [-10060]: { message: '免费课程无需购买，直接学习即可' },
  [-10061]: { message: '订单已支付或已关闭' },
  [-10062]: { message: '支付暂不可用，请稍后再试' },
  [-10063]: { message: '模拟支付未开启', status: 404 },
  [-10069]: { message: '订单未支付，无法退款', status: 409 },
  // Order kinds (issue 4, decision 013): signed auto-order links and 代付 links.
  [-10100]: { message: '下单链接无效，请向发送者重新获取' },
  [-10101]: { message: '下单链接已过期，请向发送者重新获取' },
  [-10102]: { message: '代付链接无效或订单已失效，请让好友重新发送' },
  // Memberships (issue 4, decision 012).
  [-10076]: { message: '该会员套餐已下架，请选择其他套餐' },
  [-10077]: { message: '您当前的会员权益已覆盖该套餐，无需购买' },
  // Learning records, PPT and courseware (issue 5, decision 011).
  [-10085]: { message: '您还没有填写邮箱，请先完善个人资料', title: '缺少邮箱', link: PROFILE_LINK },
  [-10086]: { message: '下载链接已失效，请返回重新获取', status: 403 },
  [-10087]: { message: '该播放记录属于其他课程或章节' },
  // Media and play authorisation (issue 5, decision 010).
  [-10090]: { message: '企业会员已过期，无法收听', title: '无法收听' },
  [-10091]: { message: '播放地址已失效，请刷新后重试', status: 403 },
  [-10092]: { message: '课程音视频正在准备中，请稍后再试' },
  [-10093]: { message: '服务器未安装 ffmpeg，无法转码', status: 503 },
  [-10094]: { message: '上传的文件不是可识别的音视频', status: 400 },
  // Activity orders: group buy, invitations, cash-back (issue 4, decision 014).
  [-10120]: { message: '该团已满员，请加入其他团或发起新团' },
  [-10121]: { message: '该团已结束，请加入其他团或发起新团' },
  [-10122]: { message: '您已在本活动的一个团中，请在“我的拼团”查看' },
  [-10123]: { message: '邀请链接无效，请向好友重新获取' },
  [-10124]: { message: '该课程暂无返现活动' },
  // Server-credited learning time (issue 11, decision 016).
  [-10200]: { message: '播放会话无效，请重新打开课程播放' },
  [-10201]: { message: '播放会话不属于该课程或章节，请重新打开课程播放' },
  // Browser-bound login (issue 11, decision 017).
  [-10210]: { message: '登录凭证已失效或已使用，请重新登录' },
  [-10211]: { message: '请在发起登录的同一浏览器中完成登录' },
  // Verified invitations, SMS delivery (issue 11, decision 019).
  [-10250]: { message: '短信发送失败，请稍后再试', status: 503 },
  [-10251]: { message: '手机号码有误，无法发送验证码', status: 400 },
  [-10252]: { message: '购买该课程后才能邀请好友' },
  // Storage that tells the truth: read-only, full or unreachable database/disk (issue 11, decision 020).
  [-10220]: { message: '服务暂时无法保存数据，请稍后再试', status: 503 },
  // Send caps on mail (issue 11, decision 021).
  [-10230]: { message: '邮件发送太频繁，请稍后再试', status: 429 },
  // Configuration and links that cannot be fooled; e-mail verification (issue 11, decision 018).
  [-10240]: { message: '服务地址未配置，请联系客服 {phone}', showPhone: true, status: 503 },
  [-10241]: { message: '您的邮箱尚未验证，请先在个人资料中完成邮箱验证', title: '邮箱未验证', link: PROFILE_LINK },
  [-10242]: { message: '邮箱验证码错误，请重新输入' },
  [-10243]: { message: '邮箱验证码已失效，请重新获取' },
  [-10244]: { message: '验证码错误次数过多，请重新获取' },
  [-10245]: { message: '验证邮件发送过于频繁，请稍后再试' },
  [-10246]: { message: '验证邮件发送失败，请稍后再试' },
} as const satisfies Record<number, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes the client never shows a popup for (spec §8). */
export const SILENT_CODES: ReadonlySet<number> = new Set(
  Object.entries(ERROR_CATALOGUE)
    .filter(([, e]) => (e as ErrorEntry).silent)
    .map(([code]) => Number(code)),
);

export const GENERIC_ERROR_MESSAGE = '服务器异常，请稍后再试';

/** Named codes, so code reads `ErrorCodes.LOGIN_REQUIRED` rather than `403`. */
export const ErrorCodes = {
  OK: 0,
  USER_NOT_FOUND: -1796,
  USER_LOCKED: -1797,
  USER_LOCKED_ALT: -45093,
  SERIES_BOUGHT_BY_CHAPTER: -1365,
  OFF_SHELF_CHAPTERS: -45092,
  VIP_CASHBACK_NEEDS_VIP_PRICE: -1368,
  ENROL_NOT_STARTED: -1284,
  ENROL_ENDED: -1285,
  ALREADY_ENROLLED: -1283,
  COLUMN_GONE: -1366,
  USER_BLACKLISTED: 262145,
  AUDIT_TEMPORARY_RIGHT: 262146,
  AUDIT_PENDING: 262147,
  AUDIT_FAILED: 262148,
  AUDIT_EXPIRED_ORDER: 262149,
  COURSE_OFF_SHELF: -1281,
  COURSE_NOT_STARTED: -45061,
  ACTIVITY_NOT_STARTED: -45120,
  COURSE_NOT_UPDATED: -45063,
  NOT_ENROLLED: -41230,
  INFO_REVIEW_FAILED: -45075,
  INFO_REVIEW_FAILED_ALT: -1064,
  SERVER_ERROR: -50000,
  SERVER_ERROR_ALT: -1058,
  LOGIN_REQUIRED: 403,
  VALIDATION: -10001,
  BODY_TOO_LARGE: -10002,
  RATE_LIMITED: -10003,
  NOT_FOUND: -10004,
  TOKEN_INVALID: -10005,
  SMS_CODE_WRONG: -10010,
  SMS_CODE_EXPIRED: -10011,
  SMS_CODE_TOO_MANY_ATTEMPTS: -10012,
  SMS_SEND_LIMITED: -10013,
  MOBILE_INVALID: -10014,
  MOBILE_TAKEN: -10015,
  TEST_LOGIN_OFF: -10016,
  WECHAT_AUTH_FAILED: -10017,
  WECHAT_REQUIRED: -10018,
  EMAIL_INVALID: -10019,
  NAME_INVALID: -10020,
  METHOD_NOT_ALLOWED: -10021,
  WECHAT_TAKEN: -10022,
  COURSE_NOT_FREE: -10030,
  TRACKING_APP_UNKNOWN: -10040,
  TRACKING_BATCH_TOO_LARGE: -10041,
  OPS_TOKEN_REQUIRED: -10042,
  SHARE_URL_NOT_ALLOWED: -10050,
  WECHAT_SHARE_CONFIG_FAILED: -10051,
  ORDER_COURSE_FREE: -10060,
  ORDER_NOT_PENDING: -10061,
  PAY_UNAVAILABLE: -10062,
  SANDBOX_PAY_OFF: -10063,
  ORDER_NOT_PAID: -10069,
  AUTO_ORDER_LINK_INVALID: -10100,
  AUTO_ORDER_LINK_EXPIRED: -10101,
  PAY_FOR_LINK_INVALID: -10102,
  MEMBERSHIP_PLAN_OFF_SALE: -10076,
  MEMBERSHIP_NOT_NEEDED: -10077,
  EMAIL_MISSING: -10085,
  DOWNLOAD_LINK_INVALID: -10086,
  LISTEN_RECORD_MISMATCH: -10087,
  CORPORATE_MEMBERSHIP_EXPIRED: -10090,
  MEDIA_URL_INVALID: -10091,
  MEDIA_NOT_READY: -10092,
  TRANSCODER_MISSING: -10093,
  MEDIA_UPLOAD_INVALID: -10094,
  GROUP_FULL: -10120,
  GROUP_CLOSED: -10121,
  ALREADY_IN_GROUP: -10122,
  REFERRAL_INVALID: -10123,
  NOT_CASHBACK_COURSE: -10124,
  PLAY_SESSION_INVALID: -10200,
  PLAY_SESSION_MISMATCH: -10201,
  LOGIN_CODE_INVALID: -10210,
  LOGIN_FOREIGN_BROWSER: -10211,
  SMS_SEND_FAILED: -10250,
  SMS_PHONE_REJECTED: -10251,
  INVITE_NOT_ALLOWED: -10252,
  STORAGE_UNAVAILABLE: -10220,
  MAIL_SEND_LIMITED: -10230,
  PUBLIC_URL_UNSET: -10240,
  EMAIL_NOT_VERIFIED: -10241,
  EMAIL_CODE_WRONG: -10242,
  EMAIL_CODE_EXPIRED: -10243,
  EMAIL_CODE_TOO_MANY_ATTEMPTS: -10244,
  EMAIL_SEND_LIMITED: -10245,
  EMAIL_SEND_FAILED: -10246,
  ACTIVITY_ENDED: -1376,
} as const satisfies Record<string, ErrorCode | 0>;

export function lookupError(code: number): ErrorEntry | undefined {
  return (ERROR_CATALOGUE as Record<number, ErrorEntry>)[code];
}

/** The message for a code with the support phone filled in. */
export function errorMessage(code: number, phone: string = SUPPORT_PHONE): string {
  const entry = lookupError(code);
  return (entry?.message ?? GENERIC_ERROR_MESSAGE).replace('{phone}', phone);
}

export function isSilentCode(code: number): boolean {
  return SILENT_CODES.has(code);
}
