import type { Language } from '@cadran/domain/constants';
import type { ReactNode } from 'react';
import { Panel, PanelLines, Paragraph, Signature } from './blocks';
import type { MailBrand } from './brand';
import { MailLayout } from './layout';

export interface NoticeMailProps {
  lang: Language;
  brand: MailBrand;
  /** "Bonjour Camille," as the reader's language writes it. */
  greeting: string;
  /** The sentence that says why we write; also the inbox preview. */
  intro: string;
  /** What the notice is about (a licence, a roadmap item), in the highlighted panel. */
  subject: readonly ReactNode[];
  /** What follows the panel: what to do, the button. */
  children: ReactNode;
  signature: string;
  /** Below the signature: why the reader receives it, how to stop it. */
  footer?: ReactNode;
}

/**
 * The shape of a notice about one thing the reader owns or follows (a licence about to
 * expire, a roadmap item that moved): greeting, why we write, the thing in a panel, what to do
 * next, signature. One layout, so every notice reads the same.
 */
export function NoticeMail({
  lang,
  brand,
  greeting,
  intro,
  subject,
  children,
  signature,
  footer,
}: NoticeMailProps) {
  return (
    <MailLayout lang={lang} brand={brand} preview={intro}>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <Panel tone="brass">
        <PanelLines lines={subject} />
      </Panel>
      {children}
      <Signature>{signature}</Signature>
      {footer}
    </MailLayout>
  );
}
