import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Small secrets kept in the database encrypted (AES-256-GCM), with a key derived (HKDF-SHA256)
 * from the server's session secret and a purpose, so each use has its own key and a copy of
 * the database alone reveals nothing. Text form: `v1.<iv>.<tag>.<ciphertext>`, base64url. A
 * changed session secret makes earlier boxes unreadable: `open` then answers undefined.
 */

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'cadran', purpose, 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or undefined for a box sealed with another key or tampered with. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
