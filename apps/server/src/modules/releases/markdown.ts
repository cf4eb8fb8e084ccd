import MarkdownIt from 'markdown-it';

/**
 * Release notes are Markdown written by staff and shown on public pages, in the client area,
 * in the Atom feed and in e-mails. markdown-it with `html: false` escapes any raw HTML instead
 * of passing it through, and its link check refuses `javascript:`, `vbscript:`, `file:` and
 * non-image `data:` URLs; links open as ordinary links. One renderer, so every place shows the
 * same safe HTML (docs/decisions/041-release-notes-and-signed-downloads.md).
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Links written in notes point away from the site: no referrer, no window access.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/**
 * Headings of the notes sit under the release's own title (an h2 on the changelog, in the
 * client area and the feed): "#" and "##" become h3, deeper ones one level lower.
 */
markdown.core.ruler.push('notes_heading_levels', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') continue;
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(6, Math.max(3, level + 1))}`;
  }
});

export const renderNotes = (notes: string): string => markdown.render(notes);
