import { LegalDocument } from '../components/legal-document';

export function LegalNoticePage() {
  return <LegalDocument document="notice" metaKey="legalNotice" />;
}
