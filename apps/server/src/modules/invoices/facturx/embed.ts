import type { InvoiceDocument } from '@cadran/domain/invoice';
import type { Pdf } from '../pdf/layout';
import { facturXml } from './cii-xml';

/**
 * Makes a PDF being drawn a Factur-X file (docs/decisions/043-factur-x-e-invoices.md): the
 * CII data attached as `factur-x.xml` with the relationship "Data" (PDF/A-3 associated file:
 * the data the visible invoice is drawn from), and the Factur-X XMP properties with the
 * extension schema that declares them, which PDF/A requires of any property outside its own
 * schemas. pdfkit, asked for PDF/A-3b, writes the rest: the sRGB output intent, the PDF/A
 * identification, embedded fonts.
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

interface AttachmentWithRelationship extends PDFKit.Mixins.PDFAttachmentOptions {
  /** PDF/A-3's AFRelationship, which pdfkit writes but its type declarations omit. */
  relationship: 'Data' | 'Alternative' | 'Source';
}

export function embedFacturX(pdf: Pdf, doc: InvoiceDocument): void {
  const issuedAt = new Date(doc.issuedAt);
  const attachment: AttachmentWithRelationship = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X (EN 16931)',
    creationDate: issuedAt,
    modifiedDate: issuedAt,
    relationship: 'Data',
  };
  pdf.file(Buffer.from(facturXml(doc), 'utf8'), attachment);
  pdf.appendXML(facturXmp());
}

const property = (name: string, description: string): string => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The Factur-X XMP description (profile EN 16931) and its PDF/A extension schema. */
export function facturXmp(): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${[
                    property('DocumentFileName', 'The name of the embedded XML document'),
                    property(
                      'DocumentType',
                      'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                    ),
                    property(
                      'Version',
                      'The actual version of the standard applying to the embedded XML document',
                    ),
                    property(
                      'ConformanceLevel',
                      'The conformance level of the embedded XML document',
                    ),
                  ].join('')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        `;
}
