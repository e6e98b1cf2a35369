import type { PresetUser } from '../api/get-preset-users.ts';
import { getSurname } from '../../../lib/name.ts';
import { maskMobile } from '../../../lib/format.ts';
import styles from './test-user-list.module.css';

interface TestUserListProps {
  users: PresetUser[];
  busyUserId: number | null;
  onPick: (user: PresetUser) => void;
}

/** Test-login mode (spec §6): the preset users, one tap each. */
export function TestUserList({ users, busyUserId, onPick }: TestUserListProps) {
  if (users.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="test-users-title">
      <div className={styles.head}>
        <h2 id="test-users-title" className={styles.title}>
          测试账号快速登录
        </h2>
        <span className={styles.badge}>测试环境</span>
      </div>
      <ul className={styles.list}>
        {users.map((user) => (
          <li key={user.userId}>
            <button
              type="button"
              className={styles.card}
              data-testid="login-test-user"
              disabled={busyUserId != null}
              onClick={() => onPick(user)}
            >
              <span className={styles.avatar} aria-hidden="true">
                {getSurname(user.name)}
              </span>
              <span className={styles.info}>
                <span className={styles.name}>{user.name}</span>
                <span className={styles.meta}>
                  {user.label}
                  {user.mobile ? ` · ${maskMobile(user.mobile)}` : ''}
                </span>
              </span>
              <span className={styles.go}>{busyUserId === user.userId ? '登录中…' : '登录'}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
