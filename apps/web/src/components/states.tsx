import type { ReactNode } from 'react';
import { Link, useLocation } from '../lib/router.ts';
import { ApiError } from '../lib/api-error.ts';
import { loginHref } from '../lib/session.ts';
import styles from './states.module.css';

function EmptyArt() {
  return (
    <svg className={styles.art} viewBox="0 0 160 120" aria-hidden="true">
      <ellipse cx="80" cy="104" rx="56" ry="8" fill="#e9edf5" />
      <path d="M38 46 80 30l42 16v44L80 106 38 90z" fill="#f4f6fb" stroke="#cfd6e4" strokeWidth="2" />
      <path d="M38 46 80 62l42-16M80 62v44" fill="none" stroke="#cfd6e4" strokeWidth="2" />
      <path d="m38 46-12 14 42 16 12-14zM122 46l12 14-42 16-12-14z" fill="#fff" stroke="#cfd6e4" strokeWidth="2" />
      <circle cx="118" cy="22" r="4" fill="#c9a45c" opacity=".6" />
      <circle cx="44" cy="24" r="3" fill="#1a4fa0" opacity=".25" />
    </svg>
  );
}

function ErrorArt() {
  return (
    <svg className={styles.art} viewBox="0 0 160 120" aria-hidden="true">
      <ellipse cx="80" cy="104" rx="56" ry="8" fill="#e9edf5" />
      <circle cx="80" cy="56" r="36" fill="#f4f6fb" stroke="#cfd6e4" strokeWidth="2" />
      <path d="M62 48c4-6 10-9 18-9s14 3 18 9" fill="none" stroke="#cfd6e4" strokeWidth="3" strokeLinecap="round" />
      <path d="M69 58c3-3 7-5 11-5s8 2 11 5" fill="none" stroke="#cfd6e4" strokeWidth="3" strokeLinecap="round" />
      <circle cx="80" cy="68" r="4" fill="#c9a45c" />
      <path d="m54 30 52 52" stroke="#d9363e" strokeWidth="3" strokeLinecap="round" opacity=".55" />
    </svg>
  );
}

interface StateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, description, action, compact }: StateProps) {
  return (
    <div className={compact ? `${styles.state} ${styles.compact}` : styles.state} role="status">
      <EmptyArt />
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.desc}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

/** What to tell the learner about a failed load. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return '网络不可用，请检查网络后重试';
    return error.message || `加载失败（错误码 ${error.code}）`;
  }
  return '加载失败，请稍后重试';
}

export function ErrorState({ error, onRetry, title = '加载失败' }: { error?: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div className={styles.state} role="alert">
      <ErrorArt />
      <p className={styles.title}>{title}</p>
      <p className={styles.desc}>{errorText(error)}</p>
      {onRetry && (
        <div className={styles.action}>
          <button type="button" className={styles.button} onClick={onRetry}>
            重新加载
          </button>
        </div>
      )}
    </div>
  );
}

/** Shown by open pages whose content needs a login (e.g. 个人资料 for a visitor). */
export function LoginPrompt({ description = '登录后即可查看和管理您的信息' }: { description?: string }) {
  const location = useLocation();
  return (
    <div className={styles.state}>
      <EmptyArt />
      <p className={styles.title}>您还没有登录</p>
      <p className={styles.desc}>{description}</p>
      <div className={styles.action}>
        <Link className={styles.button} to={loginHref(`${location.pathname}${location.search}`)}>
          去登录
        </Link>
      </div>
    </div>
  );
}

export function Spinner({ label = '加载中' }: { label?: string }) {
  return (
    <div className={styles.spinnerWrap} role="status" aria-label={label}>
      <span className={styles.spinner} />
    </div>
  );
}
