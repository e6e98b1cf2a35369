import SwipeAction from 'antd-mobile/es/components/swipe-action';
import Dialog from 'antd-mobile/es/components/dialog';
import { useRef } from 'react';
import type { FavoriteItem } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { CourseCard } from '../../../components/course-card.tsx';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { paths } from '../../../config/paths.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { useRemoveFavorite } from '../api/remove-favorite.ts';
import styles from './favorite-list.module.css';

const LONG_PRESS_MS = 550;

const STATUS_NOTE: Record<number, string> = { 0: '已下架', 2: '未开始' };

function FavoriteRow({ item, onRemove }: { item: FavoriteItem; onRemove: (item: FavoriteItem) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Long press is the other way to remove (WeChat users rarely discover swipes).
  const startPress = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void Dialog.confirm({
        content: `取消收藏「${item.course.name}」？`,
        confirmText: '取消收藏',
        cancelText: '再想想',
      }).then((yes) => yes && onRemove(item));
    }, LONG_PRESS_MS);
  };
  const cancelPress = () => clearTimeout(timer.current);
  const note = STATUS_NOTE[item.course.status];
  return (
    <SwipeAction
      rightActions={[{ key: 'remove', text: '取消收藏', color: 'danger', onClick: () => onRemove(item) }]}
    >
      <div
        className={styles.row}
        data-testid="favorite-item"
        onTouchStart={startPress}
        onTouchEnd={cancelPress}
        onTouchMove={cancelPress}
        onContextMenu={(e) => e.preventDefault()}
      >
        <CourseCard course={item.course} />
        {note && <span className={styles.note}>{note}</span>}
      </div>
    </SwipeAction>
  );
}

/** The learner's favourites (optionally of one subject): swipe left or long-press to remove. */
export function FavoriteList({ subjectId }: { subjectId?: number }) {
  const favorites = useFavorites(subjectId);
  const remove = useRemoveFavorite();
  const total = favorites.data?.pages[0]?.total ?? 0;
  return (
    <InfiniteList
      query={favorites}
      itemKey={(item) => item.favoriteId}
      renderItem={(item) => <FavoriteRow item={item} onRemove={(it) => remove.mutate(it.course.courseId)} />}
      header={total > 0 ? <p className={styles.hint}>共{total}门课程 · 左滑或长按可取消收藏</p> : undefined}
      empty={{
        title: '还没有收藏课程',
        description: '在课程页点击「收藏」，感兴趣的课程都会出现在这里',
        action: (
          <Link className={styles.emptyAction} to={paths.home.getHref()}>
            去发现好课
          </Link>
        ),
      }}
      testId="favorite-list"
    />
  );
}
