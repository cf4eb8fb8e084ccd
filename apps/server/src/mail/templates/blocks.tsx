import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { mailColours, mailFonts } from './brand';

/**
 * The pieces a message is written with, styled inline as mail clients need. Every value passed
 * as a child is text to React, which escapes it: a name typed by a customer can never become
 * markup. The plain-text part is drawn from the same HTML (render.ts).
 */

const paragraphStyle: CSSProperties = {
  margin: '0 0 16px',
  fontSize: '15px',
  lineHeight: '24px',
  color: mailColours.text,
};

/**
 * `fill` with React nodes as values: a link, a bold amount or a key in a sentence of the copy.
 * An unknown placeholder stays visible rather than vanishing, as with `fill`.
 */
export function filled(template: string, values: Record<string, ReactNode>): ReactNode {
  // One fragment, not an array: a list item or a row reads an array as several lines.
  return (
    <>
      {template.split(/(\{\w+\})/).map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        const value = name !== undefined && Object.hasOwn(values, name) ? values[name] : part;
        return <Fragment key={index}>{value}</Fragment>;
      })}
    </>
  );
}

/** Lines of one block, separated by line breaks (kept as line breaks in the plain text). */
export function withBreaks(lines: ReactNode | readonly ReactNode[]): ReactNode {
  if (!Array.isArray(lines)) return lines as ReactNode;
  return (lines as readonly ReactNode[]).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={{ ...paragraphStyle, ...(muted ? { color: mailColours.muted } : {}) }}>
      {children}
    </Text>
  );
}

/** Several short lines in one paragraph, each on its own line in both parts. */
export function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return <Text style={paragraphStyle}>{withBreaks(lines)}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      style={{
        margin: '28px 0 12px',
        fontSize: '17px',
        lineHeight: '24px',
        fontWeight: 700,
        color: mailColours.ink,
      }}
    >
      {children}
    </Heading>
  );
}

/** A bulleted or numbered list; each item may hold several lines. */
export function List({
  items,
  ordered = false,
}: {
  items: readonly (ReactNode | readonly ReactNode[])[];
  ordered?: boolean;
}) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag style={{ margin: '0 0 16px', paddingLeft: '22px', color: mailColours.text }}>
      {items.map((item, index) => (
        <li key={index} style={{ ...paragraphStyle, margin: '0 0 8px' }}>
          {withBreaks(item)}
        </li>
      ))}
    </Tag>
  );
}

/** A table used for layout only: no spacing or border of its own, announced as presentation. */
function LayoutTable({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={style}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A framed box for what the reader must find at a glance (a licence key, bank details).
 * The padding sits on the cell, where every client honours it.
 */
export function Panel({
  children,
  tone = 'brand',
}: {
  children: ReactNode;
  tone?: 'brand' | 'brass';
}) {
  const colours =
    tone === 'brand'
      ? { background: mailColours.brandSoft, border: mailColours.brandLine }
      : { background: mailColours.brassSoft, border: mailColours.brass };
  return (
    <LayoutTable style={{ margin: '0 0 16px', borderCollapse: 'separate' }}>
      <tr>
        <td
          style={{
            padding: '16px 18px',
            backgroundColor: colours.background,
            border: `1px solid ${colours.border}`,
            borderRadius: '10px',
          }}
        >
          {children}
        </td>
      </tr>
    </LayoutTable>
  );
}

/** Lines inside a panel: the first one stands out unless `plain`, the others are the details. */
export function PanelLines({
  lines,
  plain = false,
}: {
  lines: readonly ReactNode[];
  plain?: boolean;
}) {
  return (
    <Text style={{ ...paragraphStyle, margin: 0 }}>
      {withBreaks(
        lines.map((line, index) =>
          index === 0 && !plain ? (
            <strong key={index} style={{ color: mailColours.ink }}>
              {line}
            </strong>
          ) : (
            line
          ),
        ),
      )}
    </Text>
  );
}

/** A licence key, an IBAN: characters the reader copies, in a fixed-width face. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <span style={{ fontFamily: mailFonts.mono, fontSize: '14px', letterSpacing: '0.02em' }}>
      {children}
    </span>
  );
}

/** Rows of figures (an order's lines and totals), the last one in bold when `total` is set. */
export function Rows({
  rows,
  total = false,
}: {
  rows: readonly (ReactNode | readonly ReactNode[])[];
  total?: boolean;
}) {
  return (
    <LayoutTable style={{ margin: '0 0 16px', borderTop: `1px solid ${mailColours.line}` }}>
      {rows.map((row, index) => {
        const last = total && index === rows.length - 1;
        return (
          <tr key={index}>
            <td
              style={{
                padding: '8px 0',
                borderBottom: `1px solid ${mailColours.line}`,
                fontSize: '14px',
                lineHeight: '22px',
                color: last ? mailColours.ink : mailColours.text,
                fontWeight: last ? 700 : 400,
              }}
            >
              {withBreaks(row)}
            </td>
          </tr>
        );
      })}
    </LayoutTable>
  );
}

/**
 * A link drawn as a button that every client shows (React Email's padded link, with the
 * Outlook spacing it needs). In the plain-text part it reads "label: address".
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        data-mail-button="true"
        style={{
          backgroundColor: mailColours.brand,
          color: mailColours.white,
          borderRadius: '8px',
          padding: '12px 22px',
          fontSize: '15px',
          fontWeight: 600,
          lineHeight: '20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function Signature({ children }: { children: ReactNode }) {
  return (
    <Text style={{ ...paragraphStyle, margin: '24px 0 0', color: mailColours.ink }}>
      {children}
    </Text>
  );
}

/** A link inside a sentence; an address is its own text, so the plain text shows it once. */
export function InlineLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={{ color: mailColours.brand, textDecoration: 'underline' }}>
      {children ?? href}
    </Link>
  );
}

/** An e-mail address as a link that opens the reader's mail program. */
export const MailtoLink = ({ address }: { address: string }) => (
  <InlineLink href={`mailto:${address}`}>{address}</InlineLink>
);
