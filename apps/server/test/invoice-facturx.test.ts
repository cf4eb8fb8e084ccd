import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCreditNote, buildInvoice, type InvoiceDocument } from '@cadran/domain/invoice';
import {
  consumerInput,
  domesticBusinessInput,
  euConsumerInput,
  exportInput,
  FIXTURE_SELLER,
  renewalInput,
  reverseChargeInput,
  unconfirmedBusinessInput,
  warehouseDelivery,
} from '@cadran/domain/invoice-fixtures';
import { buildVatCreditNote } from '@cadran/domain/vat-credit';
import { einvoiceAmount } from '@cadran/domain/einvoice';
import { translateMessage } from '@cadran/domain/messages';
import { describe, expect, it } from 'vitest';
import { facturXml } from '../src/modules/invoices/facturx/cii-xml';
import { renderFacturXPdf } from '../src/modules/invoices/facturx-pdf';
import { pdfAttachment, pdfAttachmentNames, pdfInfo, pdfXmp, readCii } from './facturx-helpers';

/**
 * The Factur-X data of every kind of invoice (docs/decisions/043-factur-x-e-invoices.md): the
 * figures, codes and references of the stored document, read back from the XML and from the
 * PDF it is embedded in. The EN 16931 rules themselves are run outside the suite (docs/quality.md
 * 'E-invoices'); set EINVOICE_SAMPLES_DIR to write every case's XML and PDF for that run.
 */

const seller = FIXTURE_SELLER;
const issuedAt = new Date('2026-03-15T10:00:01Z');
const invoiceOf = (input: Parameters<typeof buildInvoice>[0], number = 'FA-2026-00042') =>
  buildInvoice(input, { number, issuedAt, seller });
const creditNoteOf = (invoice: InvoiceDocument) =>
  buildCreditNote(invoice, {
    number: 'AV-2026-00003',
    issuedAt: new Date('2026-04-02T09:00:00Z'),
    seller,
  });

const CASES: Record<string, () => InvoiceDocument> = {
  'fr-business': () => invoiceOf(domesticBusinessInput()),
  'fr-consumer': () => invoiceOf(consumerInput()),
  'en-eu-consumer': () => invoiceOf(euConsumerInput()),
  'en-reverse-charge-promo': () => invoiceOf(reverseChargeInput()),
  'en-outside-eu-transfer': () =>
    buildInvoice(exportInput(), {
      number: 'FA-2026-00043',
      issuedAt,
      seller: { ...seller, iban: 'FR7630006000011234567890189' },
    }),
  'fr-vat-on-debits': () =>
    buildInvoice(domesticBusinessInput(), {
      number: 'FA-2026-00044',
      issuedAt,
      seller: { ...seller, vatOnDebits: true },
    }),
  'fr-renewal': () => invoiceOf(renewalInput(), 'FA-2027-00001'),
  'fr-credit-note': () => creditNoteOf(invoiceOf(domesticBusinessInput())),
  'en-credit-note-reverse-charge': () => creditNoteOf(invoiceOf(reverseChargeInput())),
  'fr-delivery-address': () =>
    invoiceOf({
      ...domesticBusinessInput(),
      delivery: warehouseDelivery(),
    }),
  'en-vat-credit-note': () =>
    buildVatCreditNote(invoiceOf(unconfirmedBusinessInput()), {
      number: 'AV-2026-00004',
      issuedAt: new Date('2026-04-02T09:00:00Z'),
      seller,
    }),
};

const samples = process.env.EINVOICE_SAMPLES_DIR;

describe('the Factur-X XML', () => {
  it('carries the EN 16931 profile, the number, type and date of an invoice', () => {
    const cii = readCii(facturXml(CASES['fr-business']!()));
    expect(cii.all('ID').slice(0, 2)).toEqual(['S2', 'urn:cen.eu:en16931:2017']);
    expect(cii.within('ExchangedDocument', 'TypeCode')).toEqual(['380']);
    expect(cii.within('IssueDateTime', 'DateTimeString')).toEqual(['20260315']);
    expect(cii.attributes('DateTimeString', 'format')).not.toContain(null);
    expect(cii.within('ExchangedDocument', 'ID')).toEqual(['FA-2026-00042']);
    expect(cii.within('SellerOrderReferencedDocument', 'IssuerAssignedID')).toEqual([
      'CMD-2026-000123',
    ]);
  });

  it('names seller and a French business buyer by SIREN (scheme 0002) and VAT number', () => {
    const cii = readCii(facturXml(CASES['fr-business']!()));
    expect(cii.within('SellerTradeParty', 'Name')).toEqual(['Cadran SAS']);
    expect(cii.within('SellerTradeParty', 'ID')).toEqual(['912345675', 'FR65912345675']);
    expect(cii.attributes('ID', 'schemeID')).toEqual(expect.arrayContaining(['0002', 'VA']));
    expect(cii.within('BuyerTradeParty', 'Name')).toEqual(['Atelier Fèvre SARL']);
    expect(cii.within('BuyerTradeParty', 'ID')).toEqual(['732829320']);
    expect(cii.within('BuyerTradeParty', 'PersonName')).toEqual(['Élodie Fèvre']);
    expect(cii.within('BuyerTradeParty', 'CountryID')).toEqual(['FR']);
    // A consumer has neither.
    const consumer = readCii(facturXml(CASES['fr-consumer']!()));
    expect(consumer.within('BuyerTradeParty', 'ID')).toEqual([]);
    expect(consumer.within('BuyerTradeParty', 'Name')).toEqual(['Élodie Fèvre']);
  });

  it('gives each line its name, period, quantity, unit price and total as stored', () => {
    const doc = CASES['fr-business']!();
    const cii = readCii(facturXml(doc));
    expect(cii.within('SpecifiedTradeProduct', 'Name')).toEqual(['Cadran Pro', 'Cadran Studio']);
    expect(cii.all('BilledQuantity')).toEqual(['2', '1']);
    expect(cii.all('ChargeAmount')).toEqual(['224.00', '490.00']);
    expect(cii.within('SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')).toEqual([
      '448.00',
      '490.00',
    ]);
    expect(cii.within('BillingSpecifiedPeriod', 'DateTimeString')).toEqual([
      '20260315',
      '20270315',
      '20260315',
    ]);
    expect(cii.within('SpecifiedTradeProduct', 'Description')[0]).toContain(
      'Domaines\u00a0: horlogerie-exemple.fr',
    );
  });

  it('states the French VAT breakdown and totals of the stored document', () => {
    const doc = CASES['fr-business']!();
    const cii = readCii(facturXml(doc));
    expect(cii.within('ApplicableHeaderTradeSettlement', 'CalculatedAmount')).toEqual(['187.60']);
    expect(cii.within('ApplicableHeaderTradeSettlement', 'BasisAmount')).toEqual(['938.00']);
    expect(cii.all('CategoryCode')).toEqual(['S', 'S', 'S']);
    expect(cii.all('RateApplicablePercent')).toEqual(['20', '20', '20']);
    // VAT falls due at payment unless the seller opted for debits.
    expect(cii.all('DueDateTypeCode')).toEqual(['72']);
    expect(cii.one('TaxBasisTotalAmount')).toBe('938.00');
    expect(cii.one('TaxTotalAmount')).toBe('187.60');
    expect(cii.one('GrandTotalAmount')).toBe((doc.grossCents / 100).toFixed(2));
    expect(cii.one('TotalPrepaidAmount')).toBe('1125.60');
    expect(cii.one('DuePayableAmount')).toBe('0.00');
    expect(cii.one('InvoiceCurrencyCode')).toBe('EUR');
    expect(cii.within('SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['48']);
    expect(cii.within('SpecifiedTradePaymentTerms', 'Description')[0]).toContain(
      'Payée le 15 mars 2026',
    );
  });

  it('writes reverse charge as AE with its reason and the promo discount as an allowance', () => {
    const doc = CASES['en-reverse-charge-promo']!();
    const cii = readCii(facturXml(doc));
    expect(cii.within('ApplicableHeaderTradeSettlement', 'CategoryCode')).toEqual(['AE', 'AE']);
    expect(cii.one('ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(cii.one('ExemptionReason')).toBe(translateMessage('tax.mention.reverse_charge', 'en'));
    expect(cii.within('SpecifiedTradeAllowanceCharge', 'Indicator')).toEqual(['false']);
    expect(cii.within('SpecifiedTradeAllowanceCharge', 'ActualAmount')).toEqual(['50.00']);
    expect(cii.within('SpecifiedTradeAllowanceCharge', 'Reason')).toEqual(['Discount (WELCOME10)']);
    expect(cii.one('AllowanceTotalAmount')).toBe('50.00');
    expect(
      cii.within('SpecifiedTradeSettlementHeaderMonetarySummation', 'LineTotalAmount'),
    ).toEqual(['938.00']);
    expect(cii.one('TaxBasisTotalAmount')).toBe('888.00');
    expect(cii.one('TaxTotalAmount')).toBe('0.00');
    expect(cii.one('GrandTotalAmount')).toBe('888.00');
    expect(cii.within('BuyerTradeParty', 'ID')).toEqual(['DE123456789']);
    expect(cii.all('DueDateTypeCode')).toEqual([]);
    expect(cii.within('SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['68']);
  });

  it('charges an EU consumer their country’s rate and one outside the EU none, category G', () => {
    const eu = readCii(facturXml(CASES['en-eu-consumer']!()));
    expect(eu.all('RateApplicablePercent')).toEqual(['19', '19', '19']);
    expect(eu.one('TaxTotalAmount')).toBe('178.22');
    const outside = readCii(facturXml(CASES['en-outside-eu-transfer']!()));
    expect(outside.within('ApplicableHeaderTradeSettlement', 'CategoryCode')).toEqual(['G']);
    expect(outside.one('ExemptionReasonCode')).toBe('VATEX-EU-G');
    expect(outside.one('ExemptionReason')).toBe(translateMessage('tax.mention.export', 'en'));
    expect(outside.within('SpecifiedTradeSettlementPaymentMeans', 'TypeCode')).toEqual(['58']);
    expect(outside.one('IBANID')).toBe('FR7630006000011234567890189');
    expect(outside.within('BuyerTradeParty', 'CountryID')).toEqual(['CH']);
  });

  it('says services and the VAT-on-debits option in notes, with VAT due on the invoice date', () => {
    const cii = readCii(facturXml(CASES['fr-vat-on-debits']!()));
    expect(cii.within('IncludedNote', 'Content')).toEqual(
      expect.arrayContaining([
        translateMessage('invoice.mention.services', 'fr'),
        translateMessage('invoice.mention.vat_on_debits', 'fr'),
      ]),
    );
    expect(cii.all('DueDateTypeCode')).toEqual(['5']);
  });

  it('dates a renewal line from the old expiry, not the payment', () => {
    const cii = readCii(facturXml(CASES['fr-renewal']!()));
    expect(cii.within('BillingSpecifiedPeriod', 'DateTimeString')).toEqual([
      '20270315',
      '20280315',
    ]);
    expect(cii.within('SpecifiedTradePaymentTerms', 'DateTimeString')).toEqual(['20270301']);
  });

  it('types a credit note 381 and refers to the invoice it corrects, with its date', () => {
    const cii = readCii(facturXml(CASES['fr-credit-note']!()));
    expect(cii.within('ExchangedDocument', 'TypeCode')).toEqual(['381']);
    expect(cii.within('ExchangedDocument', 'ID')).toEqual(['AV-2026-00003']);
    expect(cii.within('InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual(['FA-2026-00042']);
    expect(cii.within('InvoiceReferencedDocument', 'DateTimeString')).toEqual(['20260315']);
    expect(cii.one('GrandTotalAmount')).toBe('1125.60');
  });

  it('states only the VAT a credit note of the VAT alone gives back', () => {
    const invoice = invoiceOf(unconfirmedBusinessInput());
    const cii = readCii(facturXml(CASES['en-vat-credit-note']!()));
    expect(cii.within('ExchangedDocument', 'TypeCode')).toEqual(['381']);
    expect(cii.within('InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual([invoice.number]);
    // The sale as taxed, then the same sale under the reverse charge: the bases cancel out.
    expect(cii.all('BilledQuantity')).toEqual(['1', '-1']);
    const net = einvoiceAmount(invoice.netCents);
    const vat = einvoiceAmount(invoice.vatCents);
    expect(cii.all('LineTotalAmount')).toEqual([net, `-${net}`, '0.00']);
    expect(cii.all('CategoryCode')).toEqual(['S', 'AE', 'S', 'AE']);
    expect(cii.within('ApplicableHeaderTradeSettlement', 'BasisAmount')).toEqual([net, `-${net}`]);
    expect(cii.within('ApplicableHeaderTradeSettlement', 'CalculatedAmount')).toEqual([
      vat,
      '0.00',
    ]);
    expect(cii.one('ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(cii.one('TaxBasisTotalAmount')).toBe('0.00');
    expect(cii.one('TaxTotalAmount')).toBe(vat);
    expect(cii.one('GrandTotalAmount')).toBe(vat);
    expect([invoice.netCents, invoice.vatCents]).toEqual([88_800, 16_872]);
    expect(cii.all('AllowanceTotalAmount')).toEqual([]);
  });

  it('escapes what buyers type', () => {
    const input = domesticBusinessInput();
    input.buyer.company = 'Dupont & <Fils>';
    expect(facturXml(invoiceOf(input))).toContain('<ram:Name>Dupont &amp; &lt;Fils&gt;</ram:Name>');
  });
});

describe('the Factur-X PDF', () => {
  it('embeds the XML as factur-x.xml with the Factur-X XMP and PDF/A-3b identification', async () => {
    const doc = CASES['fr-business']!();
    const pdf = await renderFacturXPdf(doc);
    expect(pdfAttachmentNames(pdf)).toEqual(['factur-x.xml']);
    expect(pdfAttachment(pdf, 'factur-x.xml')).toBe(facturXml(doc));
    const xmp = pdfXmp(pdf);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Data/);
    expect(raw).toMatch(/\/Subtype \/text#2Fxml/);
    expect(raw).toMatch(/\/OutputIntents/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toMatch(/\/FontFile2/);
  });

  it('keeps its metadata well formed when a seller or buyer name holds XML specials', async () => {
    const input = domesticBusinessInput();
    input.buyer.company = 'Martin & Fils <SAS>';
    const sellerName = 'Dupont & "Associés" <SARL>';
    const doc = buildInvoice(input, {
      number: 'FA-2026-00045',
      issuedAt,
      seller: { ...seller, name: sellerName },
    });
    const pdf = await renderFacturXPdf(doc);
    // The Info dictionary as written, and the XMP packet parsed as XML (it throws if broken).
    expect(pdfInfo(pdf).Author).toBe(sellerName);
    const xmp = readCii(pdfXmp(pdf));
    expect(xmp.within('creator', 'li')).toEqual([sellerName]);
    expect(xmp.within('title', 'li')).toEqual(['Facture FA-2026-00045']);
    const cii = readCii(pdfAttachment(pdf, 'factur-x.xml'));
    expect(cii.within('SellerTradeParty', 'Name')).toEqual([sellerName]);
    expect(cii.within('BuyerTradeParty', 'Name')).toEqual(['Martin & Fils <SAS>']);
  });

  it('is the same file for the same stored document', async () => {
    const doc = CASES['fr-credit-note']!();
    expect((await renderFacturXPdf(doc)).equals(await renderFacturXPdf(doc))).toBe(true);
  });

  it.runIf(samples !== undefined)('writes every case for the EN 16931 run', async () => {
    const dir = path.resolve(samples ?? '.');
    mkdirSync(dir, { recursive: true });
    for (const [name, make] of Object.entries(CASES)) {
      const doc = make();
      writeFileSync(path.join(dir, `${name}.xml`), facturXml(doc));
      writeFileSync(path.join(dir, `${name}.pdf`), await renderFacturXPdf(doc));
    }
  });
});
