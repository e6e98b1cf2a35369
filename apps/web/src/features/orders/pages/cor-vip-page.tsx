import type { ComponentType } from 'react';
import { SUPPORT_PHONE } from '@jinfa/shared/errors';
import { Link } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { CourseCard, CourseCardSkeleton } from '../../../components/course-card.tsx';
import { SkeletonCard } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState, LoginPrompt } from '../../../components/states.tsx';
import { BuildingIcon } from '../../../components/icons/building-icon.tsx';
import { ChartIcon } from '../../../components/icons/chart-icon.tsx';
import { BookIcon } from '../../../components/icons/book-icon.tsx';
import { ShieldIcon } from '../../../components/icons/shield-icon.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { cx } from '../../../lib/cx.ts';
import { useCorporateVipCourses } from '../../catalog/index.ts';
import { useVipInfo, type CorporateMembership } from '../api/get-vip-info.ts';
import styles from './vip-page.module.css';

const BENEFITS: readonly { Icon: ComponentType<{ size?: number }>; title: string; text: string }[] = [
  { Icon: BookIcon, title: '企业专属课程', text: '单位定制的内训课与合规必修课，员工免费学习' },
  { Icon: ChartIcon, title: '学习排行与报告', text: '员工听课时长、排行与学习报告，管理员随时掌握' },
  { Icon: ShieldIcon, title: '会员权益', text: '企业会员同享会员价与会员专区课程' },
];

/** The corporate's member courses (first page) with a link to all of them. */
function CorporateCourses({ corporateId }: { corporateId: number }) {
  const courses = useCorporateVipCourses(corporateId);
  let body;
  if (courses.isPending) body = [0, 1, 2].map((i) => <CourseCardSkeleton key={i} />);
  else if (courses.isError) body = <ErrorState error={courses.error} onRetry={() => void courses.refetch()} />;
  else {
    const first = courses.data.pages[0];
    const rows = first?.rows ?? [];
    body =
      rows.length === 0 ? (
        <EmptyState title="企业暂未上架专属课程" description="上架后会在这里显示" compact />
      ) : (
        <>
          {rows.map((c) => (
            <CourseCard key={c.courseId} course={c} dense />
          ))}
          {(first?.total ?? 0) > rows.length && (
            <Link className={styles.more} to={paths.classification.getHref({ corporateId })}>
              查看全部 {first?.total} 门课程
            </Link>
          )}
        </>
      );
  }
  return (
    <section className={cx(styles.card, styles.coursesCard)} aria-label="企业专属课程">
      <h2 className={styles.cardTitle}>企业专属课程</h2>
      <div className={styles.courses} data-testid="corvip-courses">
        {body}
      </div>
    </section>
  );
}

function Membership({ corporate }: { corporate: CorporateMembership }) {
  return (
    <>
      <section className={cx(styles.status, !corporate.expired && styles.statusActive)} aria-label="企业会员" data-testid="corvip-status">
        <div className={styles.statusIcon}>
          <BuildingIcon size={26} />
        </div>
        <div className={styles.statusText}>
          <h2 className={styles.statusTitle}>{corporate.name}</h2>
          <p className={styles.statusLine}>
            {corporate.kindName}
            {corporate.expireAt ? ` · ${corporate.expired ? '已于' : '有效期至'} ${formatDate(corporate.expireAt)}${corporate.expired ? ' 到期' : ''}` : ' · 长期有效'}
          </p>
        </div>
      </section>
      {corporate.expired && (
        <div className={styles.card}>
          <p className={styles.warn} role="alert">
            企业会员已过期，无法收听企业课程。请联系单位管理员续期，或拨打 {SUPPORT_PHONE} 咨询。
          </p>
        </div>
      )}
      <CorporateCourses corporateId={corporate.corporateId} />
    </>
  );
}

function HowToJoin() {
  return (
    <>
      <section className={styles.status} aria-label="企业会员介绍" data-testid="corvip-intro">
        <div className={styles.statusIcon}>
          <BuildingIcon size={26} />
        </div>
        <div className={styles.statusText}>
          <h2 className={styles.corHead}>您还没有加入企业会员</h2>
          <p className={styles.corLead}>企业会员由银行、金融机构等单位统一开通，员工激活后即可学习单位专属课程。</p>
        </div>
      </section>
      <section className={styles.card} aria-label="企业会员权益">
        <h2 className={styles.cardTitle}>企业会员权益</h2>
        <ul className={styles.benefits}>
          {BENEFITS.map(({ Icon, title, text }) => (
            <li key={title} className={styles.right}>
              <span className={styles.rightIcon}>
                <Icon size={20} />
              </span>
              <span className={styles.rightText}>
                <strong>{title}</strong>
                <small>{text}</small>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-label="如何加入">
        <h2 className={styles.cardTitle}>如何加入</h2>
        <ol className={styles.steps}>
          <li>单位管理员与我们签约，开通企业会员。</li>
          <li>管理员发放激活邀请，或将您的手机号加入员工名单。</li>
          <li>点击下方“激活企业会员”，填写姓名与工作单位完成绑定。</li>
        </ol>
        <div className={styles.actions}>
          <Link className={styles.ghost} to={paths.contact.getHref()}>
            单位开通咨询
          </Link>
          <Link className={styles.primary} to={paths.corporateActivate.getHref()} data-testid="corvip-activate">
            激活企业会员
          </Link>
        </div>
      </section>
    </>
  );
}

/** /userCenter/corVip (open route): my corporate membership and its courses, or how enterprise membership works. */
export function CorVipPage() {
  const loggedIn = getAccessToken() != null;
  const info = useVipInfo();
  let body;
  if (!loggedIn) body = <LoginPrompt description="登录后查看您所在单位的企业会员" />;
  else if (info.isPending) body = <SkeletonCard lines={3} />;
  else if (info.isError) body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  else body = info.data.corporate ? <Membership corporate={info.data.corporate} /> : <HowToJoin />;
  return <Page title="企业会员">{body}</Page>;
}
