import { buyerSirenOf, SIREN_SCHEME } from '@cadran/domain/einvoice';
import type { InvoiceDocument } from '@cadran/domain/invoice';
import { sellerLegalLine } from '../pdf/format';
import { leaf, type Node } from './namespaces';

/**
 * The seller (BG-4) and the buyer (BG-7) of the CII data, as the PDF prints them: names,
 * SIREN under ISO 6523 scheme 0002, VAT numbers, postal addresses, e-mail addresses.
 * Element order follows the CII schema (TradePartyType).
 */

interface PostalAddress {
  addressLines: string[];
  postalCode: string;
  city: string;
  country: string;
}

export function postalAddress(party: Node, address: PostalAddress): void {
  const node = party.ele('ram:PostalTradeAddress');
  if (address.postalCode) leaf(node, 'ram:PostcodeCode', address.postalCode);
  const [first, second, ...rest] = address.addressLines;
  if (first) leaf(node, 'ram:LineOne', first);
  if (second) leaf(node, 'ram:LineTwo', second);
  if (rest.length > 0) leaf(node, 'ram:LineThree', rest.join(', '));
  leaf(node, 'ram:CityName', address.city);
  leaf(node, 'ram:CountryID', address.country);
}

const email = (party: Node, address: string): void => {
  party.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(address);
};

const vatRegistration = (party: Node, vatNumber: string): void => {
  party.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(vatNumber);
};

export function sellerParty(agreement: Node, doc: InvoiceDocument): void {
  const { seller } = doc;
  const party = agreement.ele('ram:SellerTradeParty');
  leaf(party, 'ram:Name', seller.name);
  // BT-33: the legal form, capital, SIREN, RCS and VAT number, as the footer prints them.
  leaf(party, 'ram:Description', sellerLegalLine(doc));
  party
    .ele('ram:SpecifiedLegalOrganization')
    .ele('ram:ID', { schemeID: SIREN_SCHEME })
    .txt(seller.siren);
  postalAddress(party, seller);
  email(party, seller.email);
  vatRegistration(party, seller.vatNumber);
}

export function buyerParty(agreement: Node, doc: InvoiceDocument): void {
  const { buyer } = doc;
  const party = agreement.ele('ram:BuyerTradeParty');
  leaf(party, 'ram:Name', buyer.company || buyer.name);
  const siren = buyer.isBusiness ? buyerSirenOf(buyer) : undefined;
  if (siren) {
    party
      .ele('ram:SpecifiedLegalOrganization')
      .ele('ram:ID', { schemeID: SIREN_SCHEME })
      .txt(siren);
  }
  if (buyer.company) {
    const contact = party.ele('ram:DefinedTradeContact');
    leaf(contact, 'ram:PersonName', buyer.name);
    contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(buyer.email);
  }
  postalAddress(party, buyer);
  email(party, buyer.email);
  if (buyer.vatNumber) vatRegistration(party, buyer.vatNumber);
}

/** BG-13: the party and address the licences go to, only when they differ from the buyer's. */
export function shipToParty(delivery: Node, doc: InvoiceDocument): void {
  if (!doc.delivery) return;
  const party = delivery.ele('ram:ShipToTradeParty');
  leaf(party, 'ram:Name', doc.delivery.company || doc.delivery.name);
  postalAddress(party, doc.delivery);
}
