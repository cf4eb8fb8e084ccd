import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The outbox of the e2e server, where the mails it sends land as .eml files.

/** Quoted-printable, as nodemailer writes the .eml files of the outbox. */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * The outbox mail containing every marker. The e2e server writes its outbox under a fresh
 * cadran-e2e-* data folder in the temp directory (support/start-server.ts); one marker is
 * unique per test, so parallel runs never mix their mails.
 */
export async function findOutboxMail(...markers: [string, ...string[]]): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const roots = (await readdir(tmpdir())).filter((name) => name.startsWith('cadran-e2e-'));
    for (const root of roots) {
      const outbox = path.join(tmpdir(), root, 'outbox');
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const mail = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
        if (markers.every((marker) => mail.includes(marker))) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no outbox mail contains ${markers.join(' and ')}`);
}

export const uniqueMarker = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
