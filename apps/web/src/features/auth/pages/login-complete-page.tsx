import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState, Spinner } from '../../../components/states.tsx';
import { paths, safeInAppPath } from '../../../config/paths.ts';
import { withQuery } from '../../../lib/query.ts';
import { getTestToken } from '../api/get-test-token.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import stateStyles from '../../../components/states.module.css';

/**
 * Where the messaging app's login callback lands (spec §2.3):
 * /user/loginComplete?returnUrl=…&accessToken=…&refreshToken=…&expiresIn=…[&businessType=…]
 * In test mode a `userId` may come instead of tokens; we exchange it through token2.
 * The tokens are stored and the address replaced, so they do not linger in history.
 */
export function LoginCompletePage() {
  const [params] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const returnUrl = params.get('returnUrl');
  const businessType = params.get('businessType');
  let target = safeInAppPath(returnUrl, paths.home.path);
  // Never bounce back into the login flow itself.
  if (target.startsWith('/user/login')) target = paths.home.path;
  if (businessType && !/[?&]businessType=/.test(target)) target = withQuery(target, { businessType });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const accessToken = params.get('accessToken');
    const userIdParam = params.get('userId');
    const userId = userIdParam ? Number.parseInt(userIdParam, 10) : NaN;
    if (accessToken) {
      completeLogin(
        {
          accessToken,
          refreshToken: params.get('refreshToken') ?? undefined,
          userId: Number.isFinite(userId) ? userId : undefined,
        },
        target,
      );
      return;
    }
    if (Number.isFinite(userId)) {
      getTestToken(userId)
        .then((pair) => completeLogin(pair, target))
        .catch(() => setFailed(true));
      return;
    }
    setFailed(true);
  }, [params, completeLogin, target]);

  if (!failed) {
    return (
      <Page title="登录中" back={false} background="white">
        <Spinner label="正在登录" />
        <p style={{ margin: 0, color: 'var(--adm-color-weak)', textAlign: 'center' }}>正在完成登录，请稍候…</p>
      </Page>
    );
  }
  return (
    <Page title="登录未完成" background="white">
      <EmptyState
        title="登录未完成"
        description="授权信息缺失或已失效，请重新登录。"
        action={
          <Link className={stateStyles.button} to={paths.login.getHref({ redirect: target })} replace>
            重新登录
          </Link>
        }
      />
    </Page>
  );
}
