import { useMemo, useState } from 'react';
import type { Subject } from '@jinfa/shared/schemas';
import { Page } from '../../../components/page.tsx';
import { ErrorState, LoginPrompt } from '../../../components/states.tsx';
import { SkeletonCard } from '../../../components/skeleton.tsx';
import { useStoredToken } from '../../../lib/auth-store.ts';
import { cx } from '../../../lib/cx.ts';
import { toast } from '../../../lib/toast.ts';
import { useCourses } from '../api/get-courses.ts';
import { useSubjects } from '../api/get-subjects.ts';
import { useSubscriptions } from '../api/get-subscriptions.ts';
import { useUpdateSubscriptions } from '../api/update-subscriptions.ts';
import { CourseList } from '../components/course-list.tsx';
import { SubjectIcon } from '../components/subject-grid.tsx';
import { SubjectTabs } from '../components/subject-tabs.tsx';
import styles from './subscription-page.module.css';

/** The server's cap on followed subjects (SubscriptionsBody.maxItems). */
const MAX_SUBSCRIPTIONS = 20;

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function FollowedCourses({ subjects }: { subjects: Subject[] }) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const current = subjects.some((s) => s.subjectId === picked) ? picked : subjects[0]?.subjectId;
  const courses = useCourses({ subjectId: current }, { enabled: current != null });
  return (
    <section className={styles.followed} aria-label="订阅学科的课程">
      <h2 className={styles.heading}>订阅学科的课程</h2>
      <SubjectTabs subjects={subjects} value={current} onChange={(id) => id != null && setPicked(id)} allLabel={null} />
      <CourseList query={courses} onRefresh={false} emptyTitle="该学科暂无课程" />
    </section>
  );
}

/** /subscription: pick the subjects to follow (they drive 为你推荐), then see their courses. */
export function SubscriptionPage() {
  const token = useStoredToken();
  const subjects = useSubjects();
  const saved = useSubscriptions();
  const update = useUpdateSubscriptions();
  const [draft, setDraft] = useState<number[] | null>(null);

  const savedIds = useMemo(() => saved.data?.subjectIds ?? [], [saved.data]);
  const selected = draft ?? savedIds;
  const dirty = draft != null && !sameSet(draft, savedIds);
  const followed = useMemo(
    () => (subjects.data ?? []).filter((s) => savedIds.includes(s.subjectId)),
    [subjects.data, savedIds],
  );

  if (!token) {
    return (
      <Page title="学科订阅">
        <LoginPrompt description="登录后订阅感兴趣的学科，首页为你推荐相关好课" />
      </Page>
    );
  }

  const toggle = (id: number) => {
    const base = draft ?? savedIds;
    if (base.includes(id)) setDraft(base.filter((x) => x !== id));
    else if (base.length >= MAX_SUBSCRIPTIONS) toast.info(`最多订阅 ${MAX_SUBSCRIPTIONS} 个学科`);
    else setDraft([...base, id]);
  };

  const handleSave = () => {
    update.mutate(
      { subjectIds: selected },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success('订阅已保存');
        },
      },
    );
  };

  const loading = subjects.isPending || saved.isPending;
  const failed = subjects.isError || saved.isError;

  return (
    <Page title="学科订阅">
      <section className={styles.pick} aria-label="选择学科">
        <p className={styles.intro}>选择你关注的学科，我们会在首页“为你推荐”相关课程</p>
        {loading ? (
          <SkeletonCard lines={3} />
        ) : failed ? (
          <ErrorState
            error={subjects.error ?? saved.error}
            onRetry={() => {
              void subjects.refetch();
              void saved.refetch();
            }}
          />
        ) : (
          <div className={styles.grid}>
            {(subjects.data ?? []).map((subject) => {
              const on = selected.includes(subject.subjectId);
              return (
                <button
                  key={subject.subjectId}
                  type="button"
                  className={cx(styles.subject, on && styles.on)}
                  aria-pressed={on}
                  onClick={() => toggle(subject.subjectId)}
                >
                  <SubjectIcon subject={subject} size={30} />
                  <span className={styles.name}>{subject.name}</span>
                  <span className={styles.check} aria-hidden="true">
                    {on ? '✓' : '+'}
                  </span>
                </button>
              );
            })}
          </div>
        )}
      </section>

      {followed.length > 0 && <FollowedCourses subjects={followed} />}

      {(dirty || update.isPending) && (
        <div className={styles.saveBar}>
          <button type="button" className={styles.save} onClick={handleSave} disabled={update.isPending}>
            {update.isPending ? '保存中…' : `保存订阅（${selected.length}）`}
          </button>
        </div>
      )}
    </Page>
  );
}
