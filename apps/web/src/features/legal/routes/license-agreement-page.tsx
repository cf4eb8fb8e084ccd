import { LegalDocument } from '../components/legal-document';

/** The licence agreement of the software, accepted with the terms of sale at checkout. */
export function LicenseAgreementPage() {
  return <LegalDocument document="license" metaKey="license" />;
}
