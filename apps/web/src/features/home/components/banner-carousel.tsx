import { useEffect, useRef, useState } from 'react';
import type { Banner } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths, safeInAppPath } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import styles from './banner-carousel.module.css';

const AUTOPLAY_MS = 4500;

/** Where a banner goes (spec §3 link types): 0 an in-app path, 1 a course id; others stay put. */
export function bannerHref(banner: Banner): string | null {
  if (banner.linkType === 1) {
    const courseId = Number(banner.link);
    return Number.isSafeInteger(courseId) && courseId > 0 ? paths.courseDetail.getHref({ courseId }) : null;
  }
  if (banner.linkType === 0 && banner.link) {
    const target = safeInAppPath(banner.link, '');
    return target || null;
  }
  return null;
}

/**
 * A light swipeable carousel: native CSS scroll-snap does the swiping (smooth on old WebViews,
 * no gesture library on the home page); a timer advances it while the learner is not touching.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touching = useRef(false);
  const count = banners.length;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const handleScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = track.clientWidth || 1;
        setIndex(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / width))));
      });
    };
    track.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', handleScroll);
    };
  }, [count]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || count < 2 || typeof track.scrollTo !== 'function') return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return;
    const timer = window.setInterval(() => {
      if (touching.current || document.hidden) return;
      const width = track.clientWidth;
      const next = (Math.round(track.scrollLeft / (width || 1)) + 1) % count;
      track.scrollTo({ left: next * width, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  if (count === 0) return null;
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="推荐活动">
      <div
        ref={trackRef}
        className={styles.track}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
      >
        {banners.map((banner, i) => {
          const href = bannerHref(banner);
          const image = (
            <img
              src={resizeImage(banner.image, { width: 716, height: 300 })}
              alt={banner.title}
              // The first slide is the largest paint of the page: load it now, the rest lazily.
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
            />
          );
          return (
            <div key={banner.bannerId} className={styles.slide} aria-label={`${i + 1} / ${count}`} data-testid="home-banner">
              {href ? (
                <Link to={href} className={styles.link}>
                  {image}
                </Link>
              ) : (
                <span className={styles.link}>{image}</span>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {banners.map((banner, i) => (
            <span key={banner.bannerId} className={i === index ? `${styles.dot} ${styles.active}` : styles.dot} />
          ))}
        </div>
      )}
    </section>
  );
}
