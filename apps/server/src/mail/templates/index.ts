/**
 * The one template system of the store's e-mails (docs/decisions/026-email-templates.md): a
 * module writes its message as a React Email element inside `MailLayout` with these blocks,
 * and `composeMail` renders its HTML and plain-text parts.
 */
export { composeMail, renderMail } from './render';
export { MailLayout, type MailLayoutProps } from './layout';
export {
  Code,
  InlineLink,
  Lines,
  List,
  MailButton,
  MailtoLink,
  Panel,
  PanelLines,
  Paragraph,
  Rows,
  Signature,
  Title,
  filled,
} from './blocks';
export { NoticeMail, type NoticeMailProps } from './notice-mail';
export { mailBrand, mailColours, sitePageUrl, type MailBrand } from './brand';
export { fill, formatDate, oneLine } from './text';
