/**
 * How the money pages name things. Order kinds come from the server's order-kind registry
 * (decision 025: `kindName`), the sign-up kind number (spec §3) is the filter. Tag colours are
 * solid with white text (antd's light presets fall below 4.5:1).
 */
export interface Label {
  text: string;
  color: string;
}

/** Sign-up kinds the 类型 filter offers (spec §3 1..6; 7 membership is ours, decision 012). */
export const KIND_FILTER_OPTIONS: { value: string; label: string }[] = [
  { value: '1', label: '课程' },
  { value: '2', label: '章节' },
  { value: '3', label: '专栏' },
  { value: '4', label: '返现' },
  { value: '5', label: '早鸟' },
  { value: '6', label: '直播' },
  { value: '7', label: '会员' },
];

const KIND_NUMBER_LABELS: Readonly<Record<number, string>> = Object.fromEntries(KIND_FILTER_OPTIONS.map((o) => [Number(o.value), o.label]));

/** Registry kind names (decision 025). */
const KIND_NAME_LABELS: Readonly<Record<string, string>> = {
  course: '课程',
  chapter: '章节',
  column: '专栏',
  live: '直播',
  membership: '会员',
  invite: '邀请',
  group: '拼团',
  'cash-back': '返现',
};

/** 早鸟 is a course order of sign-up kind 5; the registry names it `course`, the number tells. */
export function kindLabel(kindName: string | undefined, kind: number): string {
  if (kind === 5 && (kindName === 'course' || !kindName)) return '早鸟';
  if (kindName && KIND_NAME_LABELS[kindName]) return KIND_NAME_LABELS[kindName];
  return KIND_NUMBER_LABELS[kind] ?? (kindName || `类型 ${kind}`);
}

export const ORDER_STATUS: Readonly<Record<string, Label>> = {
  pending: { text: '待支付', color: '#ad4e00' },
  paid: { text: '已支付', color: '#237804' },
  closed: { text: '已关闭', color: '#595959' },
  refunded: { text: '已退款', color: '#531dab' },
};

export const ORDER_STATUS_OPTIONS = Object.entries(ORDER_STATUS).map(([value, l]) => ({ value, label: l.text }));

/** The refund's own state (decision 015). */
export const REFUND_STATE: Readonly<Record<string, Label>> = {
  processing: { text: '退款中', color: '#0958d9' },
  success: { text: '已退款', color: '#237804' },
  failed: { text: '退款失败', color: '#cf1322' },
  abnormal: { text: '退款异常', color: '#cf1322' },
};

/** A learner's refund request. */
export const REQUEST_STATUS: Readonly<Record<string, Label>> = {
  pending: { text: '待处理', color: '#ad4e00' },
  approved: { text: '已同意', color: '#237804' },
  refused: { text: '已拒绝', color: '#595959' },
};

/** What a payment notification disagreed about (decision 019). */
export const ANOMALY_KIND: Readonly<Record<string, Label>> = {
  appid: { text: '应用 ID 不符', color: '#cf1322' },
  mchid: { text: '商户号不符', color: '#cf1322' },
  currency: { text: '币种不符', color: '#ad4e00' },
  amount: { text: '金额不符', color: '#ad4e00' },
};

export const PROVIDER_LABELS: Readonly<Record<string, string>> = { sandbox: '沙箱', wechatpay: '微信支付' };
