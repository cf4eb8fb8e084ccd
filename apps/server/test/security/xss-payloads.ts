/**
 * Markup that runs script if a page ever renders it as HTML instead of text. Each one, if it
 * runs, writes its name to `window.__xss` (see browser.ts); with the CSP in place it would also
 * raise a violation. All fit the shortest echoed field (a name, 100 characters).
 */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>__xss.push('script')</script>`,
  `<img src=x onerror="__xss.push('img')">`,
  `"><svg onload="__xss.push('svg')">`,
  `'-alert('quote')-'`,
  `javascript:__xss.push('href')`,
  `<a href="javascript:__xss.push('a')">Cadran</a>`,
  `<iframe srcdoc="<script>parent.__xss.push(1)</script>">`,
  `{{constructor.constructor('__xss.push(2)')()}}`,
  `</title><style>body{display:none}</style>`,
  `<details open ontoggle="__xss.push('details')">`,
];

/** Short enough for a roadmap category (60 characters). */
export const SHORT_PAYLOAD = `<svg onload="__xss.push('cat')">`;
