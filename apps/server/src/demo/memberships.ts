/**
 * Demo membership plans and their rights (migration 010, decision 012). Prices in fen.
 * Billing type 3 monthly, 1 yearly.
 */
export interface RightSeed {
  icon: 'free' | 'price' | 'download' | 'column' | 'certificate' | 'live' | 'exam' | 'service';
  title: string;
  description: string;
}

export interface PlanSeed {
  code: string;
  name: string;
  subtitle: string;
  user_type: 3 | 4 | 5 | 9 | 10;
  billing_type: 3 | 1;
  price: number;
  original_price: number;
  duration_days: number;
  sort: number;
  rights: readonly RightSeed[];
}

const FREE: RightSeed = { icon: 'free', title: '会员免费课程', description: '会员专区近200门精品课免费学，含监管政策解读与合规实务' };
const PRICE: RightSeed = { icon: 'price', title: '会员专享价', description: '付费课程享会员价，最低5折购买' };
const DOWNLOAD: RightSeed = { icon: 'download', title: '课件下载', description: '课程讲义与PPT课件随时下载，支持发送至邮箱' };
const COLUMN: RightSeed = { icon: 'column', title: '专栏8折', description: '《银行合规实务》《金融诉讼前沿》等专栏8折订阅' };
const CERT: RightSeed = { icon: 'certificate', title: '学习证书', description: '完成课程即可领取电子结业证书，可用于内部培训学时认定' };
const LIVE: RightSeed = { icon: 'live', title: '直播回放', description: '会员直播课全程回放，错过直播不错过内容' };
const EXAM: RightSeed = { icon: 'exam', title: '专题测评', description: '反洗钱、消保、授信审查等专题测评免费参加' };
const SERVICE: RightSeed = { icon: 'service', title: '专属客服', description: '会员专属顾问，工作日9:00–18:00一对一答疑' };

export const MEMBERSHIP_PLANS: readonly PlanSeed[] = [
  // Monthly (type 3)
  { code: 'basic-month', name: '基础会员·月卡', subtitle: '30天畅学会员专区', user_type: 3, billing_type: 3, price: 3900, original_price: 6900, duration_days: 30, sort: 1, rights: [FREE, PRICE, DOWNLOAD, LIVE] },
  { code: 'topic-month', name: '专题会员·月卡', subtitle: '监管合规专题全解锁', user_type: 4, billing_type: 3, price: 6900, original_price: 9900, duration_days: 30, sort: 2, rights: [FREE, PRICE, DOWNLOAD, COLUMN, LIVE, EXAM] },
  { code: 'traffic-month', name: '流量包会员·月卡', subtitle: '通勤畅听，免流量收听音频课', user_type: 10, billing_type: 3, price: 1900, original_price: 2900, duration_days: 30, sort: 3, rights: [PRICE, LIVE] },
  // Yearly (type 1)
  { code: 'basic-year', name: '基础会员·年卡', subtitle: '365天畅学，平均每天1元', user_type: 3, billing_type: 1, price: 36500, original_price: 58800, duration_days: 365, sort: 1, rights: [FREE, PRICE, DOWNLOAD, COLUMN, CERT, LIVE] },
  { code: 'bundle-year', name: '套餐会员·年卡', subtitle: '基础+专题权益一次拥有', user_type: 5, billing_type: 1, price: 68800, original_price: 99800, duration_days: 365, sort: 2, rights: [FREE, PRICE, DOWNLOAD, COLUMN, CERT, LIVE, EXAM, SERVICE] },
  { code: 'student-year', name: '学生优惠·年卡', subtitle: '法学、金融专业在校生专享', user_type: 9, billing_type: 1, price: 19900, original_price: 36500, duration_days: 365, sort: 3, rights: [FREE, PRICE, DOWNLOAD, CERT] },
];
