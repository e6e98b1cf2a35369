/** Demo preset users: the accounts offered by the test-login page, one per kind of learner. */
import type { CorporateKey } from './corporates.ts';

export interface PresetUserSeed {
  preset_label: string;
  mobile: string;
  name: string;
  nickname: string;
  email: string;
  company: string;
  department: string;
  position: string;
  /** spec §3 user type 1..10 */
  user_type: number;
  /** 0 not audited, 1 passed, 2 failed */
  audit_status: 0 | 1 | 2;
  audit_remark: string;
  /** Hours before `now` the profile was submitted for review; null when never. */
  audit_submitted_hours_ago: number | null;
  /** Membership ends this many days after `now`; null for non-members. */
  member_expires_in_days: number | null;
  corporate: CorporateKey | null;
  /** 0 active, 1 locked, 2 blacklisted */
  account_status: 0 | 1 | 2;
  subscribed: 0 | 1;
  activated: 0 | 1;
  created_days_ago: number;
}

export const PRESET_USERS: readonly PresetUserSeed[] = [
  {
    preset_label: '普通用户',
    mobile: '13800000001',
    name: '张明远',
    nickname: '明远',
    email: 'zhang.mingyuan@example.com',
    company: '临江城市商业银行',
    department: '公司业务部',
    position: '客户经理',
    user_type: 1,
    audit_status: 1,
    audit_remark: '',
    audit_submitted_hours_ago: 24 * 90,
    member_expires_in_days: null,
    corporate: null,
    account_status: 0,
    subscribed: 1,
    activated: 1,
    created_days_ago: 120,
  },
  {
    preset_label: '基础会员',
    mobile: '13800000002',
    name: '李婉清',
    nickname: '婉清',
    email: 'li.wanqing@example.com',
    company: '云川银行',
    department: '法律合规部',
    position: '合规经理',
    user_type: 3,
    audit_status: 1,
    audit_remark: '',
    audit_submitted_hours_ago: 24 * 200,
    member_expires_in_days: 365,
    corporate: null,
    account_status: 0,
    subscribed: 1,
    activated: 1,
    created_days_ago: 260,
  },
  {
    preset_label: '企业会员',
    mobile: '13800000003',
    name: '欧阳晓峰',
    nickname: '晓峰',
    email: 'ouyang.xiaofeng@example.com',
    company: '青溪农村商业银行',
    department: '风险管理部',
    position: '风险经理',
    user_type: 7,
    audit_status: 1,
    audit_remark: '',
    audit_submitted_hours_ago: 24 * 150,
    member_expires_in_days: 365,
    corporate: 'qingxi',
    account_status: 0,
    subscribed: 1,
    activated: 1,
    created_days_ago: 180,
  },
  {
    preset_label: '资料审核中',
    mobile: '13800000004',
    name: '王思琪',
    nickname: '思琪',
    email: 'wang.siqi@example.com',
    company: '华信金融租赁有限公司',
    department: '法务部',
    position: '法务专员',
    user_type: 1,
    audit_status: 0,
    audit_remark: '',
    audit_submitted_hours_ago: 3,
    member_expires_in_days: null,
    corporate: null,
    account_status: 0,
    subscribed: 1,
    activated: 1,
    created_days_ago: 2,
  },
  {
    preset_label: '已锁定用户',
    mobile: '13800000005',
    name: '刘建华',
    nickname: '建华',
    email: 'liu.jianhua@example.com',
    company: '临江城市商业银行',
    department: '运营管理部',
    position: '运营主管',
    user_type: 1,
    audit_status: 1,
    audit_remark: '',
    audit_submitted_hours_ago: 24 * 60,
    member_expires_in_days: null,
    corporate: null,
    account_status: 1,
    subscribed: 1,
    activated: 1,
    created_days_ago: 90,
  },
  {
    preset_label: '黑名单用户',
    mobile: '13800000006',
    name: '赵磊',
    nickname: '磊',
    email: 'zhao.lei@example.com',
    company: '东海商贸有限公司',
    department: '财务部',
    position: '出纳',
    user_type: 1,
    audit_status: 1,
    audit_remark: '',
    audit_submitted_hours_ago: 24 * 45,
    member_expires_in_days: null,
    corporate: null,
    account_status: 2,
    subscribed: 0,
    activated: 1,
    created_days_ago: 75,
  },
  {
    preset_label: '审核未通过',
    mobile: '13800000007',
    name: '陈雨桐',
    nickname: '雨桐',
    email: 'chen.yutong@example.com',
    company: '云川银行',
    department: '个人金融部',
    position: '理财经理',
    user_type: 1,
    audit_status: 2,
    audit_remark: '工作单位与证明材料不一致',
    audit_submitted_hours_ago: 24 * 5,
    member_expires_in_days: null,
    corporate: null,
    account_status: 0,
    subscribed: 1,
    activated: 1,
    created_days_ago: 10,
  },
  {
    preset_label: '新用户（资料未完善）',
    mobile: '13800000008',
    name: '',
    nickname: '微信用户',
    email: '',
    company: '',
    department: '',
    position: '',
    user_type: 1,
    audit_status: 0,
    audit_remark: '',
    audit_submitted_hours_ago: null,
    member_expires_in_days: null,
    corporate: null,
    account_status: 0,
    subscribed: 0,
    activated: 0,
    created_days_ago: 0,
  },
];

/** Mobiles of the preset users, in login-page order (they also carry a non-null preset_label). */
export const PRESET_USER_MOBILES: readonly string[] = PRESET_USERS.map((u) => u.mobile);
