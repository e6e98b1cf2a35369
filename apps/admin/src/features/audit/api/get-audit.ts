import type { AdminAuditRow } from '@jinfa/shared/admin-schemas';

export type AuditRow = AdminAuditRow;

export const AUDIT_PATH = '/v1/admin/audit';
export const AUDIT_FILTERS = ['operatorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** Chinese names of the target types the console writes (docs/console.md); unknown ones show as is. */
export const TARGET_TYPE_LABELS: Record<string, string> = {
  course: '课程',
  chapter: '章节',
  media: '媒体',
  learner: '用户',
  order: '订单',
  refund: '退款',
  appraisal: '评价',
  comment: '评论',
  operator: '运营人员',
  operator_session: '登录会话',
  refund_request: '退款申请',
  banner: '轮播图',
  membership: '会员',
};

/** Chinese names of the common actions; unknown ones show as their code. */
export const ACTION_LABELS: Record<string, string> = {
  'course.create': '新建课程',
  'course.update': '编辑课程',
  'course.shelf': '上架/下架课程',
  'chapter.create': '新增章节',
  'chapter.update': '编辑章节',
  'chapter.delete': '删除章节',
  'chapter.reorder': '章节排序',
  'media.upload': '上传媒体',
  'refund.approve': '同意退款',
  'refund.refuse': '拒绝退款',
  'learner.review': '审核资料',
  'learner.lock': '锁定/解锁用户',
  'learner.blacklist': '拉黑/移出黑名单',
  'appraisal.hide': '隐藏评价',
  'appraisal.restore': '恢复评价',
  'comment.hide': '隐藏评论',
  'comment.restore': '恢复评论',
  'operator.create': '新建运营人员',
  'operator.update': '编辑运营人员',
  'operator.cli_create': '命令行创建运营人员',
  'operator.cli_update': '命令行更新运营人员',
  'operator.totp_setup': '设置两步验证',
  'operator.totp_enable': '开启两步验证',
  'session.create': '登录',
  'session.revoke': '退出登录',
  'session.revoke_all': '全部设备退出',
};
