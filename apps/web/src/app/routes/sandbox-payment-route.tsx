import { useSessionStatus } from '@/features/auth/hooks/use-session-status';
import { SandboxPaymentPage } from '@/features/payments/routes/sandbox-payment-page';

/**
 * The sandbox payment page shows a payment to its owner only, so it needs the session status
 * the auth feature knows: the app hands it over (features never import each other).
 */
export function SandboxPaymentRoute() {
  return <SandboxPaymentPage sessionStatus={useSessionStatus()} />;
}
