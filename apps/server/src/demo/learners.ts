/**
 * Demo learners besides the preset users (users.ts): the people the operator console lists,
 * reviews and sees buying and studying. They carry no preset label, so the test-login page does
 * not offer them, and no preset user's data changes because of them. Their times are relative to
 * the moment the seed runs (see `ActivityTime` in common.ts), so the console's 30-day dashboard
 * shows them on a first start. All of them and their employers are fictional.
 */
import type { ActivityTime, DemoPersonSeed } from './common.ts';

/** `mobile`: 158 6601 xxxx is kept for demo learners. */
export interface DemoLearnerSeed extends DemoPersonSeed {
  /** When the account was made (first WeChat sign-in). */
  joined: ActivityTime;
  /**
   * The profile review: never submitted, waiting (audit_status 0 with a submission time),
   * passed (1) or failed (2) with the reviewer's remark. `submissions` > 1 is a re-application.
   */
  review:
    | { state: 'none' }
    | { state: 'waiting'; submitted: ActivityTime; submissions?: number }
    | { state: 'passed' | 'failed'; submitted: ActivityTime; decided: ActivityTime; remark: string; submissions?: number };
  /** 0 active, 1 locked (a reviewer's lock). */
  account_status?: 0 | 1;
}

/** Demo learner n's mobile (1-based, as listed below): how orders, studies and reviews name them. */
export const demoLearner = (n: number): string => `158660100${String(n).padStart(2, '0')}`;

export const DEMO_LEARNERS: readonly DemoLearnerSeed[] = [
  // Waiting for review: the reviewer's queue.
  { mobile: '15866010001', name: '周子涵', nickname: '子涵', email: 'zhou.zihan@example.com', company: '锦城城市商业银行', department: '授信审批部', position: '审批专员', joined: '2d 20:41', review: { state: 'waiting', submitted: '2h' } },
  { mobile: '15866010002', name: '孙浩然', nickname: '浩然', email: 'sun.haoran@example.com', company: '南屏农村商业银行', department: '合规管理部', position: '合规专员', joined: '6d 09:12', review: { state: 'waiting', submitted: '5h' } },
  { mobile: '15866010003', name: '马晓雯', nickname: '晓雯', email: 'ma.xiaowen@example.com', company: '江澜村镇银行', department: '综合管理部', position: '综合柜员', joined: '2d 12:30', review: { state: 'waiting', submitted: '20h' } },
  { mobile: '15866010004', name: '黄俊杰', nickname: '俊杰', email: 'huang.junjie@example.com', company: '北辰律师事务所', department: '金融争议解决部', position: '律师', joined: '12d 21:05', review: { state: 'waiting', submitted: '1d 22:16', submissions: 2 } },
  { mobile: '15866010005', name: '林书瑶', nickname: '书瑶', email: 'lin.shuyao@example.com', company: '云川银行', department: '消费者权益保护部', position: '消保专员', joined: '3d 08:55', review: { state: 'waiting', submitted: '2d 09:03' } },

  // Passed: the learners who buy and study.
  { mobile: '15866010006', name: '吴佳琪', nickname: '佳琪', email: 'wu.jiaqi@example.com', company: '临江城市商业银行', department: '法律事务部', position: '法务经理', joined: '41d 19:20', review: { state: 'passed', submitted: '41d 19:35', decided: '40d 10:02', remark: '资料齐全，工作证明与单位信息一致' } },
  { mobile: '15866010007', name: '郑凯', nickname: '郑凯', email: 'zheng.kai@example.com', company: '锦城城市商业银行', department: '风险管理部', position: '风险经理', joined: '39d 08:10', review: { state: 'passed', submitted: '39d 08:24', decided: '38d 14:40', remark: '审核通过' } },
  { mobile: '15866010008', name: '何思远', nickname: '思远', email: 'he.siyuan@example.com', company: '鹤山信托有限责任公司', department: '合规风控部', position: '合规总监', joined: '36d 21:47', review: { state: 'passed', submitted: '36d 22:01', decided: '35d 09:30', remark: '资料齐全，审核通过' } },
  { mobile: '15866010009', name: '罗静怡', nickname: '静怡', email: 'luo.jingyi@example.com', company: '南屏农村商业银行', department: '个人金融部', position: '理财经理', joined: '33d 12:16', review: { state: 'passed', submitted: '33d 12:30', decided: '32d 16:45', remark: '审核通过' } },
  { mobile: '15866010010', name: '谢宇航', nickname: '宇航', email: 'xie.yuhang@example.com', company: '金桥消费金融股份有限公司', department: '贷后管理部', position: '催收合规主管', joined: '30d 20:05', review: { state: 'passed', submitted: '30d 20:12', decided: '29d 11:20', remark: '工作证明已核实，审核通过' } },
  { mobile: '15866010011', name: '韩雪', nickname: '韩雪', email: 'han.xue@example.com', company: '云川银行', department: '公司业务部', position: '客户经理', joined: '27d 07:58', review: { state: 'passed', submitted: '27d 08:06', decided: '26d 15:10', remark: '审核通过' } },
  { mobile: '15866010012', name: '曹文博', nickname: '文博', email: 'cao.wenbo@example.com', company: '临江城市商业银行', department: '资产保全部', position: '清收专员', joined: '24d 22:30', review: { state: 'passed', submitted: '24d 22:41', decided: '23d 10:05', remark: '资料齐全，审核通过' } },
  { mobile: '15866010013', name: '邓雅婷', nickname: '雅婷', email: 'deng.yating@example.com', company: '星湖证券股份有限公司', department: '反洗钱中心', position: '反洗钱分析师', joined: '20d 13:02', review: { state: 'passed', submitted: '20d 13:15', decided: '19d 17:26', remark: '审核通过' } },
  { mobile: '15866010014', name: '许志强', nickname: '志强', email: 'xu.zhiqiang@example.com', company: '江澜村镇银行', department: '信贷部', position: '信贷主管', joined: '17d 19:44', review: { state: 'passed', submitted: '17d 19:50', decided: '16d 09:15', remark: '在职证明已补充，审核通过', submissions: 2 } },
  { mobile: '15866010015', name: '冯佳怡', nickname: '佳怡', email: 'feng.jiayi@example.com', company: '锦城城市商业银行', department: '运营管理部', position: '运营主管', joined: '13d 08:37', review: { state: 'passed', submitted: '13d 08:45', decided: '12d 14:32', remark: '审核通过' } },
  { mobile: '15866010016', name: '彭博文', nickname: '博文', email: 'peng.bowen@example.com', company: '鹤山信托有限责任公司', department: '法律合规部', position: '法务专员', joined: '9d 21:18', review: { state: 'passed', submitted: '9d 21:25', decided: '8d 10:48', remark: '资料齐全，审核通过' } },
  { mobile: '15866010017', name: '蒋欣然', nickname: '欣然', email: 'jiang.xinran@example.com', company: '南屏农村商业银行', department: '内控合规部', position: '内控专员', joined: '5d 12:03', review: { state: 'passed', submitted: '5d 12:10', decided: '4d 16:20', remark: '审核通过' } },

  // Failed, with the reviewer's reason.
  { mobile: '15866010018', name: '唐宏伟', nickname: '宏伟', email: 'tang.hongwei@example.com', company: '东岳商贸有限公司', department: '财务部', position: '会计', joined: '22d 10:26', review: { state: 'failed', submitted: '22d 10:40', decided: '21d 15:05', remark: '单位名称与营业执照不一致，请重新上传工作证明' } },
  { mobile: '15866010019', name: '袁梦琪', nickname: '梦琪', email: 'yuan.mengqi@example.com', company: '江澜村镇银行', department: '营业部', position: '大堂经理', joined: '15d 18:12', review: { state: 'failed', submitted: '15d 18:20', decided: '14d 11:37', remark: '工作证明未加盖单位公章，请补充后重新提交' } },
  { mobile: '15866010020', name: '魏嘉豪', nickname: '嘉豪', email: 'wei.jiahao@example.com', company: '金桥消费金融股份有限公司', department: '产品部', position: '产品经理', joined: '8d 22:50', review: { state: 'failed', submitted: '8d 23:02', decided: '7d 09:55', remark: '所填职务与在职证明不符，请核实后重新提交' } },
  { mobile: '15866010021', name: '田晓东', nickname: '晓东', email: 'tian.xiaodong@example.com', company: '临江城市商业银行', department: '网络金融部', position: '产品经理', joined: '4d 19:31', review: { state: 'failed', submitted: '4d 19:40', decided: '3d 10:14', remark: '上传的工作证明照片模糊无法辨认，请重新上传清晰照片' } },

  // Never submitted: signed in with WeChat and left it there.
  { mobile: '15866010022', name: '', nickname: '清风徐来', email: '', company: '', department: '', position: '', joined: '11d 23:12', review: { state: 'none' } },
  { mobile: '15866010023', name: '', nickname: 'Leo', email: '', company: '', department: '', position: '', joined: '1d 07:45', review: { state: 'none' } },
  { mobile: '15866010024', name: '', nickname: '微信用户', email: '', company: '', department: '', position: '', joined: '3h', review: { state: 'none' } },

  // Locked by a reviewer (shared one account among a branch).
  { mobile: '15866010025', name: '钱振宇', nickname: '振宇', email: 'qian.zhenyu@example.com', company: '南屏农村商业银行', department: '零售信贷部', position: '客户经理', joined: '34d 09:40', review: { state: 'passed', submitted: '34d 09:52', decided: '33d 14:18', remark: '审核通过' }, account_status: 1 },
];
