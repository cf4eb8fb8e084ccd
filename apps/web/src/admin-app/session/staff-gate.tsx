import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { EnrolmentStep } from './enrolment-step';
import { NoAccess } from './no-access';
import { useStaffSession } from './session-store';
import { SignInForm } from './sign-in-form';
import { VerifyStep } from './verify-step';

/**
 * Nothing of the back office shows until the staff member has signed in and proved the second
 * factor; the address stays as it was, so the same view opens once they have.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const state = useStaffSession((store) => store.state);
  const check = useStaffSession((store) => store.check);
  const enter = useStaffSession((store) => store.enter);
  const postpone = useStaffSession((store) => store.postpone);

  useEffect(() => {
    void check();
  }, [check]);

  switch (state.kind) {
    case 'checking':
      return (
        <div className="flex min-h-screen items-center justify-center text-brand-700">
          <Spinner size="lg" label={t('shell.loading')} />
        </div>
      );
    case 'signed-out':
      return <SignInForm expired={state.expired} />;
    case 'no-access':
      return <NoAccess email={state.email} />;
    case 'second-factor':
      return state.factor.enrolled ? (
        <VerifyStep onVerified={enter} />
      ) : (
        <EnrolmentStep required={state.factor.required} onDone={enter} onLater={postpone} />
      );
    case 'ready':
      return children;
  }
}
