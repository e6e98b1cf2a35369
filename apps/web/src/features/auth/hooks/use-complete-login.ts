import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '../../../lib/router.ts';
import { saveTokens, type StoredTokens } from '../../../lib/auth-store.ts';
import { settleLogin } from '../../../lib/session.ts';

/** Store a fresh session and go where the learner was heading (replacing the login page). */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (tokens: StoredTokens, target: string) => {
      // Cached answers belong to whoever was logged in before.
      queryClient.clear();
      saveTokens(tokens);
      settleLogin();
      navigate(target, { replace: true });
    },
    [navigate, queryClient],
  );
}
