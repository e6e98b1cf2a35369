import type { ComponentType } from 'react';
import { Link } from '../../../lib/router.ts';
import { LogoMark } from '../../../components/brand/logo-mark.tsx';
import {
  BookIcon,
  BuildingIcon,
  ChevronRightIcon,
  ColumnIcon,
  ExamIcon,
  GridIcon,
  LiveIcon,
  SearchIcon,
  ShieldIcon,
} from '../../../components/icons/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import styles from './home-page.module.css';

interface Entry {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
  tone: string;
}

const ENTRIES: readonly Entry[] = [
  { label: '学科分类', to: paths.classification.getHref(), Icon: GridIcon, tone: styles.toneBlue ?? '' },
  { label: '直播', to: paths.lives.getHref(), Icon: LiveIcon, tone: styles.toneRed ?? '' },
  { label: '专栏', to: paths.columns.getHref(), Icon: ColumnIcon, tone: styles.toneGold ?? '' },
  { label: '考试', to: paths.examIndex.getHref(), Icon: ExamIcon, tone: styles.toneGreen ?? '' },
  { label: '企业培训', to: paths.trainIndex.getHref(), Icon: BuildingIcon, tone: styles.toneNavy ?? '' },
  { label: '我的课程', to: paths.myCourses.getHref(), Icon: BookIcon, tone: styles.tonePurple ?? '' },
];

const VALUES = [
  { title: '权威师资', text: '监管机构、头部律所与银行法务专家授课' },
  { title: '实务导向', text: '信贷、票据、反洗钱、消保等真实案例拆解' },
  { title: '企业定制', text: '机构专属课程与培训任务，学习数据一目了然' },
] as const;

export function HomePage() {
  usePageTitle();
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.brand}>
          <LogoMark size={36} />
          <div>
            <h1 className={styles.brandName}>金法课堂</h1>
            <p className={styles.brandTagline}>银行与金融法律实务在线课堂</p>
          </div>
        </div>
        <Link to={paths.search.getHref()} className={styles.search} aria-label="搜索课程">
          <SearchIcon size={18} />
          <span>搜索课程、讲师、法规要点</span>
        </Link>
        <div className={styles.banner}>
          <div className={styles.bannerText}>
            <span className={styles.bannerTag}>年度精品</span>
            <strong className={styles.bannerTitle}>金融合规实务系列课</strong>
            <span className={styles.bannerSub}>从监管新规到业务落地，一课讲透</span>
          </div>
          <ShieldIcon size={64} className={styles.bannerArt} />
        </div>
      </header>

      <nav className={styles.grid} aria-label="栏目入口">
        {ENTRIES.map(({ label, to, Icon, tone }) => (
          <Link key={label} to={to} className={styles.entry}>
            <span className={`${styles.entryIcon} ${tone}`}>
              <Icon size={24} />
            </span>
            <span className={styles.entryLabel}>{label}</span>
          </Link>
        ))}
      </nav>

      <section className={styles.notice} aria-labelledby="catalog-soon">
        <div className={styles.noticeHead}>
          <h2 id="catalog-soon" className={styles.noticeTitle}>
            课程目录即将上线
          </h2>
          <span className={styles.noticeBadge}>敬请期待</span>
        </div>
        <p className={styles.noticeText}>
          银行业务合规、金融监管政策、信贷与担保、反洗钱、消费者权益保护等百余门课程正在上架中。
        </p>
        <Link to={paths.discovery.getHref()} className={styles.noticeLink}>
          先去发现页看看
          <ChevronRightIcon size={16} />
        </Link>
      </section>

      <section className={styles.values} aria-label="为什么选择金法课堂">
        <h2 className={styles.sectionTitle}>为什么选择金法课堂</h2>
        <ul className={styles.valueList}>
          {VALUES.map((v, i) => (
            <li key={v.title} className={styles.value}>
              <span className={styles.valueIndex}>{String(i + 1).padStart(2, '0')}</span>
              <div>
                <strong className={styles.valueTitle}>{v.title}</strong>
                <p className={styles.valueText}>{v.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <footer className={styles.footer}>
        遇到问题？<Link to={paths.contact.getHref()}>联系客服</Link>（工作日 9:00–18:00）
      </footer>
    </div>
  );
}
