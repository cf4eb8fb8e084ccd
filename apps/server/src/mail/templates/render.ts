import { render, toPlainText } from '@react-email/components';
import type { FormatCallback } from 'html-to-text';
import type { ReactElement } from 'react';
import type { MailInput } from '../message';

/**
 * The plain-text part is drawn from the HTML by React Email's converter (html-to-text), so both
 * parts always say the same thing: headings keep their case, images are left out, a link shows
 * its address after its words (once when they are the same), and a button shows its words,
 * then its address on a line of its own.
 */
const plainTextOptions = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    // Layout tables: each cell (a row of figures, the card) starts on its own line.
    { selector: 'td', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'a[data-mail-button=true]', format: 'mailButton' },
  ],
  formatters: {
    /** A button: its words on one line, its address alone on the next. */
    mailButton: ((element, walk, builder) => {
      builder.openBlock({ leadingLineBreaks: 2 });
      walk(element.children, builder);
      builder.addLineBreak();
      const { attribs } = element as { attribs?: Record<string, string> };
      const href = (attribs?.href ?? '').replace(/^mailto:/, '');
      builder.addInline(href, { noWordTransform: true });
      builder.closeBlock({ trailingLineBreaks: 2 });
    }) satisfies FormatCallback,
  },
};

/** The HTML and plain-text parts of a message drawn with the layout (layout.tsx). */
export async function renderMail(message: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(message);
  return { html, text: toPlainText(html, plainTextOptions) };
}

/** A message ready for `queueMail`/`app.mailer.enqueue`: its envelope and both parts. */
export async function composeMail(
  envelope: Omit<MailInput, 'html' | 'text'>,
  message: ReactElement,
): Promise<MailInput> {
  return { ...envelope, ...(await renderMail(message)) };
}
