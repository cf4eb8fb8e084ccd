import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitFailure, type SubmitFailure } from '@/lib/submit-failure';

/**
 * A staff action: runs `action`, then reloads what it changed (the query keys given) and keeps
 * the server's answer or refusal for the screen to show.
 */
export function useAdminAction<TInput, TResult>(
  action: (input: TInput) => Promise<TResult>,
  invalidate: readonly (readonly unknown[])[],
) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const mutation = useMutation({
    mutationFn: action,
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => setFailure(submitFailure(error, t('errors.action'), 'Staff action')),
  });
  return {
    run: (input: TInput) => mutation.mutateAsync(input).catch(() => undefined),
    pending: mutation.isPending,
    done: mutation.isSuccess,
    result: mutation.data,
    failure,
    reset: () => {
      mutation.reset();
      setFailure(null);
    },
  };
}
