import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { isApiRequestError } from '@/lib/api-client';
import { failureMessage } from './screen';

/**
 * One form's submission: busy while it runs, then the server's message either way, and on a
 * refusal the server's message for each field it names (`errors`, by the field's API name).
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const fieldError = (name: string): string | undefined => fieldErrors[name]?.[0];
  const run = async (
    action: () => Promise<{ message?: string | undefined }>,
    done: string,
    failed: string,
  ) => {
    setBusy(true);
    setOutcome(null);
    setFieldErrors({});
    try {
      const answer = await action();
      setOutcome({ ok: true, message: answer.message ?? done });
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, failed) });
      if (isApiRequestError(error)) setFieldErrors(error.errors ?? {});
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, fieldError };
}

export function Outcome({ outcome }: { outcome: { ok: boolean; message: string } | null }) {
  if (!outcome) return null;
  return <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>;
}
