import { Link, useMatches } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { Page } from './page.tsx';
import styles from './coming-soon-page.module.css';

export type Capability =
  | 'catalog'
  | 'purchase'
  | 'learning'
  | 'live'
  | 'exam'
  | 'training'
  | 'share'
  | 'app'
  | 'account';

export const CAPABILITIES: Record<Capability, { name: string; title: string; description: string }> = {
  catalog: {
    name: '课程目录',
    title: '课程目录',
    description: '精选银行与金融法律实务课程，按学科、难度与专题分类，支持搜索与标签筛选。',
  },
  purchase: {
    name: '购买与支付',
    title: '购买与支付',
    description: '课程、章节与专栏购买，拼团、返现与早鸟优惠，微信支付一步完成。',
  },
  learning: {
    name: '播放与学习记录',
    title: '学习中心',
    description: '视频与音频课程播放、断点续听、学习记录与听课报告，学习进度随时掌握。',
  },
  live: {
    name: '直播',
    title: '直播课堂',
    description: '名师直播授课、互动答疑与精彩回放，不错过每一堂实务课。',
  },
  exam: {
    name: '考试',
    title: '在线考试',
    description: '章节练习、模拟考试与成绩排名，检验学习成果。',
  },
  training: {
    name: '企业培训',
    title: '企业培训',
    description: '企业专属课程、培训任务与学习排行，助力机构合规培训。',
  },
  share: {
    name: '分享与统计',
    title: '分享与统计',
    description: '分享课程给同事好友，查看分享与学习数据统计。',
  },
  app: {
    name: 'App 引导',
    title: '金法课堂 App',
    description: '部分课程仅支持在 App 中播放，App 下载与打开引导即将上线。',
  },
  account: {
    name: '账号注销',
    title: '账号注销',
    description: '注销账号与清除个人信息的自助流程即将上线，如需办理请联系客服。',
  },
};

function ComingSoonArt() {
  return (
    <svg className={styles.art} viewBox="0 0 240 180" aria-hidden="true">
      <defs>
        <linearGradient id="cs-bg" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#e8eefa" />
          <stop offset="1" stopColor="#f6f1e6" />
        </linearGradient>
        <linearGradient id="cs-book" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#1a4fa0" />
          <stop offset="1" stopColor="#0f2a5c" />
        </linearGradient>
      </defs>
      <circle cx="120" cy="88" r="78" fill="url(#cs-bg)" />
      <ellipse cx="120" cy="158" rx="70" ry="7" fill="#dfe5f0" />
      <path d="M52 72c22-10 46-9 68 4v74c-22-13-46-14-68-4z" fill="url(#cs-book)" />
      <path d="M188 72c-22-10-46-9-68 4v74c22-13 46-14 68-4z" fill="#1a4fa0" />
      <path d="M58 78c19-7 40-6 59 4v62c-19-10-40-11-59-4z" fill="#fff" />
      <path d="M182 78c-19-7-40-6-59 4v62c19-10 40-11 59-4z" fill="#fbfaf6" />
      <path d="M68 92c12-3 25-2 38 3M68 104c12-3 25-2 38 3M68 116c12-3 25-2 38 3" stroke="#d5dcea" strokeWidth="3" strokeLinecap="round" />
      <path d="M134 95c13-5 26-6 38-3M134 107c13-5 26-6 38-3" stroke="#e8dcc0" strokeWidth="3" strokeLinecap="round" />
      <circle cx="176" cy="50" r="22" fill="#fff" stroke="#c9a45c" strokeWidth="4" />
      <path d="M176 38v13l8 5" stroke="#0f2a5c" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      <path d="M60 40l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#c9a45c" />
      <circle cx="92" cy="30" r="3.5" fill="#1a4fa0" opacity=".35" />
      <circle cx="206" cy="98" r="4" fill="#c9a45c" opacity=".5" />
    </svg>
  );
}

/**
 * The shared page for routes whose feature ships later. Which capability it announces comes
 * from the route's `handle.capability` (set in the router) or the prop.
 */
export function ComingSoonPage({ capability }: { capability?: Capability }) {
  const matches = useMatches();
  const fromRoute = [...matches].reverse().find((m) => (m.handle as { capability?: Capability } | undefined)?.capability)
    ?.handle as { capability: Capability } | undefined;
  const info = CAPABILITIES[capability ?? fromRoute?.capability ?? 'catalog'];
  return (
    <Page title={info.title} background="white">
      <section className={styles.wrap} data-testid="coming-soon">
        <ComingSoonArt />
        <span className={styles.badge}>敬请期待</span>
        <h2 className={styles.heading}>{info.name}即将上线</h2>
        <p className={styles.desc}>{info.description}</p>
        <p className={styles.note}>我们正在精心打磨这部分功能，上线后将第一时间通知您。</p>
        <Link to={paths.home.path} className={styles.home} replace>
          返回首页
        </Link>
      </section>
    </Page>
  );
}
