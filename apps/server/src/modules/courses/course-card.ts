/**
 * The one shape every course list uses (CourseCard) and the one fen → yuan formatter. Course
 * lists, favourites, columns, my courses and personal picks all present through here, so a card
 * and a price look the same wherever they appear. Rows come from course-card-repository.ts.
 */
import type { CourseCard } from '@jinfa/shared';

export interface CardRow {
  id: number;
  name: string;
  subtitle: string;
  cover: string;
  price: number;
  vip_price: number | null;
  original_price: number;
  is_free: number;
  member_free: number;
  course_type: number;
  course_level: number;
  media_type: number;
  learners_count: number;
  duration_seconds: number | null;
  activity_type: number;
  status: number;
  lecturer_name: string;
  lecturer_position: string;
  chapter_count: number;
  tag_names: string[];
}

/** Fen → "299.00", in integer arithmetic so no float ever rounds a price. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The price fields a card and a course page share. */
export function coursePrices(row: Pick<CardRow, 'price' | 'vip_price' | 'original_price' | 'is_free' | 'member_free'>) {
  return {
    price: row.price,
    priceYuan: yuan(row.price),
    vipPrice: row.vip_price,
    vipPriceYuan: row.vip_price === null ? null : yuan(row.vip_price),
    originalPrice: row.original_price,
    isFree: row.is_free === 1,
    memberFree: row.member_free === 1,
  };
}

export function toCourseCard(row: CardRow): CourseCard {
  return {
    courseId: row.id,
    name: row.name,
    subtitle: row.subtitle,
    cover: row.cover,
    lecturerName: row.lecturer_name,
    lecturerPosition: row.lecturer_position,
    ...coursePrices(row),
    courseType: row.course_type,
    courseLevel: row.course_level,
    mediaType: row.media_type,
    learnersCount: row.learners_count,
    durationSeconds: row.duration_seconds,
    chapterCount: row.chapter_count,
    tags: row.tag_names,
    activityType: row.activity_type,
    status: row.status,
  };
}
