import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Applications served beside the public site, each from its own page of the web build
 * (docs/decisions/028-client-application.md): every address under its prefix answers that
 * page, whose own router draws the screen. They are never drawn on the server, never sent to
 * the English twin of an address (they follow the visitor's saved language themselves), and
 * the public pages never load their code.
 */
export interface WebApplication {
  /** Its addresses: the prefix itself and everything under it. */
  prefix: string;
  /** Its page in the web build (apps/web/vite.config.ts lists the same). */
  html: string;
}

export const WEB_APPLICATIONS: readonly WebApplication[] = [
  { prefix: '/client', html: 'client.html' },
];

/** The application whose addresses include `pathname`, if any. */
export function applicationAt(pathname: string): WebApplication | undefined {
  return WEB_APPLICATIONS.find(
    (app) => pathname === app.prefix || pathname.startsWith(`${app.prefix}/`),
  );
}

export const applicationBuilt = (webDistDir: string, app: WebApplication): boolean =>
  existsSync(path.join(webDistDir, app.html));
