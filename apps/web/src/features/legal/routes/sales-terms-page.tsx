import { LegalDocument } from '../components/legal-document';

/** Conditions générales de vente: what the checkout's terms box makes the buyer accept. */
export function SalesTermsPage() {
  return <LegalDocument document="sales" metaKey="sales" />;
}
