import type { create } from 'xmlbuilder2';

/** The namespaces of UN/CEFACT CII D16B, the syntax Factur-X carries. */
export const CII_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

export type Node = ReturnType<typeof create>;

/** `<name>text</name>` under `parent`, for chaining siblings. */
export function leaf(
  parent: Node,
  name: string,
  text: string,
  attributes: Record<string, string> = {},
): Node {
  parent.ele(name, attributes).txt(text);
  return parent;
}

/** A date in format 102 (`YYYYMMDD`) under `name`. */
export function dateElement(parent: Node, name: string, yyyymmdd: string, type = 'udt'): Node {
  parent.ele(name).ele(`${type}:DateTimeString`, { format: '102' }).txt(yyyymmdd);
  return parent;
}
