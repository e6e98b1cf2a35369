/**
 * Who is signed in: `GET /v1/admin/session` once at start, kept in TanStack Query's cache;
 * sign-in, sign-out and sign-out everywhere. The CSRF token it returns is handed to the API client.
 */
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import { ApiError, api, setCsrfToken, setSignedOutHandler } from './api';
import { navigate } from './router';
// Types only (erased from the build): the wire shapes the server's TypeBox schemas declare.
import type { AdminOperatorSelf, AdminSession, OperatorRoleName } from '@jinfa/shared/admin-schemas';

export type OperatorRole = OperatorRoleName;

export const ROLE_LABELS: Record<OperatorRole, string> = {
  owner: '所有者',
  operator: '运营',
  finance: '财务',
  reviewer: '审核',
  lecturer: '讲师',
  corporate_admin: '企业管理员',
};

/** `GET /v1/admin/session`'s operator (phone masked). */
export type Operator = AdminOperatorSelf;
export type SessionData = AdminSession;

export interface SignInInput {
  phone: string;
  password: string;
  totp?: string;
}

export interface SessionValue {
  /** Null when nobody is signed in; undefined while the first probe runs. */
  operator: Operator | null | undefined;
  csrfToken: string | null;
  loading: boolean;
  signIn(input: SignInInput): Promise<Operator>;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
}

export const SESSION_QUERY_KEY = ['admin', 'session'] as const;

const SessionContext = createContext<SessionValue | null>(null);

async function fetchSession(): Promise<SessionData | null> {
  try {
    return await api.get<SessionData>('/v1/admin/session', undefined, { noLoginRedirect: true });
  } catch (e) {
    if (e instanceof ApiError && e.code === ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED) return null;
    throw e;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
  });
  const data = query.data;

  useEffect(() => {
    setCsrfToken(data?.csrfToken ?? null);
  }, [data]);

  const clear = useCallback(() => {
    setCsrfToken(null);
    // Drop every cached answer of the previous operator, then mark the session empty.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] || q.queryKey[1] !== SESSION_QUERY_KEY[1] });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [queryClient]);

  useEffect(() => {
    setSignedOutHandler(clear);
    return () => setSignedOutHandler(null);
  }, [clear]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      const body: SignInInput = { phone: input.phone, password: input.password };
      if (input.totp) body.totp = input.totp;
      const session = await api.post<SessionData>('/v1/admin/session', body);
      setCsrfToken(session.csrfToken);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      return session.operator;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await api.delete('/v1/admin/session');
    } finally {
      clear();
      navigate('/login', { replace: true });
    }
  }, [clear]);

  const signOutEverywhere = useCallback(async () => {
    await api.post('/v1/admin/session/revoke-all');
    clear();
    navigate('/login', { replace: true });
  }, [clear]);

  const value = useMemo<SessionValue>(
    () => ({
      operator: query.isPending ? undefined : (data?.operator ?? null),
      csrfToken: data?.csrfToken ?? null,
      loading: query.isPending,
      signIn,
      signOut,
      signOutEverywhere,
    }),
    [query.isPending, data, signIn, signOut, signOutEverywhere],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

export function hasRole(operator: Operator | null | undefined, ...roles: OperatorRole[]): boolean {
  return !!operator && roles.includes(operator.role);
}
