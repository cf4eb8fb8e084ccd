import { formatSiren } from '@cadran/domain/company-identifiers';
import type { Language } from '@cadran/domain/constants';
import { formatMoney } from '@cadran/domain/money';
import { postalAddressLines } from '@cadran/domain/postal-address';
import {
  Body,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { InlineLink, MailtoLink, filled } from './blocks';
import { logoUrl, mailColours, mailFonts, sitePageUrl, type MailBrand } from './brand';
import { fill } from './text';

/** Words of the frame around every message, in the reader's language. */
const layoutCopy = {
  fr: {
    legal: '{form} au capital de {capital} · SIREN {siren} · RCS {rcs} · TVA {vat}',
    help: 'Une question ? Écrivez-nous à {support}.',
    site: 'Site : {site}',
  },
  en: {
    legal: '{form} with a share capital of {capital} · SIREN {siren} · RCS {rcs} · VAT {vat}',
    help: 'Any question? Write to us at {support}.',
    site: 'Website: {site}',
  },
} as const satisfies Record<Language, Record<string, string>>;

export interface MailLayoutProps {
  lang: Language;
  brand: MailBrand;
  /** The line inboxes show after the subject. */
  preview: string;
  children: ReactNode;
}

const footerText: CSSProperties = {
  margin: '0 0 6px',
  fontSize: '12px',
  lineHeight: '18px',
  color: mailColours.muted,
};

/** The brand's mark and name, linked to the site; left out of the plain-text part. */
function Header({ lang, brand }: { lang: Language; brand: MailBrand }) {
  return (
    <Section data-skip-in-text="true" style={{ padding: '0 8px 16px' }}>
      <Link href={sitePageUrl(brand, lang)} style={{ textDecoration: 'none' }}>
        <Img
          src={logoUrl(brand)}
          width="36"
          height="36"
          alt=""
          style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: '8px' }}
        />
        <span
          style={{
            display: 'inline-block',
            verticalAlign: 'middle',
            marginLeft: '10px',
            fontSize: '22px',
            lineHeight: '36px',
            fontWeight: 700,
            letterSpacing: '-0.02em',
            color: mailColours.ink,
          }}
        >
          Cadran
        </span>
      </Link>
    </Section>
  );
}

/** Who writes (the seller's legal identity) and where to ask: the same under every message. */
function Footer({ lang, brand }: { lang: Language; brand: MailBrand }) {
  const c = layoutCopy[lang];
  const { seller } = brand;
  return (
    <Section style={{ padding: '8px 8px 0' }}>
      <Hr style={{ borderColor: mailColours.line, margin: '16px 0' }} />
      <Text style={footerText}>
        {filled(c.help, { support: <MailtoLink address={brand.supportEmail} /> })}
      </Text>
      <Text style={footerText}>
        <strong>{seller.name}</strong> ·{' '}
        {postalAddressLines({ ...seller, lines: seller.addressLines }).join(', ')}
      </Text>
      <Text style={footerText}>
        {fill(c.legal, {
          form: seller.legalForm,
          capital: formatMoney(seller.shareCapitalCents, lang),
          siren: formatSiren(seller.siren),
          rcs: seller.rcsCity,
          vat: seller.vatNumber,
        })}
      </Text>
      <Text style={footerText}>
        {filled(c.site, { site: <InlineLink href={sitePageUrl(brand, lang)} /> })}
      </Text>
    </Section>
  );
}

/**
 * The frame of every e-mail: the logo, the message on a white card under a band of the brand's
 * blue, and the footer. One column at most 600 px wide, which phones show whole.
 */
export function MailLayout({ lang, brand, preview, children }: MailLayoutProps) {
  return (
    <Html lang={lang} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: '24px 12px',
          backgroundColor: mailColours.page,
          fontFamily: mailFonts.sans,
          color: mailColours.text,
        }}
      >
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto' }}>
          <Header lang={lang} brand={brand} />
          <Section
            style={{
              backgroundColor: mailColours.white,
              borderTop: `4px solid ${mailColours.brand}`,
              borderRadius: '12px',
            }}
          >
            <Row>
              <Column style={{ padding: '28px 24px 24px' }}>{children}</Column>
            </Row>
          </Section>
          <Footer lang={lang} brand={brand} />
        </Container>
      </Body>
    </Html>
  );
}
