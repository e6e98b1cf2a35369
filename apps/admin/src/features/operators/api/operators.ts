import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
// Types only (erased from the build): the server's TypeBox schemas.
import type { AdminOperator, AdminOperatorCreateBody, AdminOperatorPatchBody } from '@jinfa/shared/admin-schemas';

export type OperatorRow = AdminOperator;
export type CreateOperatorInput = AdminOperatorCreateBody;
export type UpdateOperatorInput = AdminOperatorPatchBody;

export const OPERATORS_PATH = '/v1/admin/operators';

export function useCreateOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOperatorInput) => api.post<OperatorRow>(OPERATORS_PATH, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['operators'] }),
  });
}

export function useUpdateOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateOperatorInput & { id: number }) => api.patch<OperatorRow>(`${OPERATORS_PATH}/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['operators'] }),
  });
}

export interface Lookups {
  lecturers: { id: number; name: string }[];
}

export function useLecturers(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups'],
    queryFn: () => api.get<Lookups>('/v1/admin/lookups'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
