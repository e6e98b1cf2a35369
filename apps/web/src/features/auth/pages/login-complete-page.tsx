import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState, Spinner } from '../../../components/states.tsx';
import { paths, safeInAppPath } from '../../../config/paths.ts';
import { withQuery } from '../../../lib/query.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { exchangeLoginCode } from '../api/exchange-login-code.ts';
import { getTestToken } from '../api/get-test-token.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import stateStyles from '../../../components/states.module.css';

/**
 * Where the WeChat login callback lands (spec §2.3, decision 017):
 * /user/loginComplete?returnUrl=…&code=<one-time login code>[&businessType=…]
 * The code is exchanged (POST, this browser's binding cookie) for the tokens, which are stored;
 * the address is replaced. Tokens in the address (`accessToken=…`) are ignored: a link crafted
 * elsewhere must not sign the learner into someone else's account. In test mode a `userId` may
 * come instead; we exchange it through token2, which the server refuses outside test mode.
 */
const DEFAULT_FAILURE = '授权信息缺失或已失效，请重新登录。';

export function LoginCompletePage() {
  const [params] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [failed, setFailed] = useState<string | false>(false);
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
    const fail = (error?: unknown) => setFailed(error instanceof ApiError && error.serverMessage ? error.serverMessage : DEFAULT_FAILURE);
    const code = params.get('code');
    const userIdParam = params.get('userId');
    const userId = userIdParam ? Number.parseInt(userIdParam, 10) : NaN;
    if (code) {
      exchangeLoginCode(code)
        .then((pair) => completeLogin(pair, target))
        .catch(fail);
      return;
    }
    if (Number.isFinite(userId)) {
      getTestToken(userId)
        .then((pair) => completeLogin(pair, target))
        .catch(fail);
      return;
    }
    fail();
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
        description={failed}
        action={
          <Link className={stateStyles.button} to={paths.login.getHref({ redirect: target })} replace>
            重新登录
          </Link>
        }
      />
    </Page>
  );
}
