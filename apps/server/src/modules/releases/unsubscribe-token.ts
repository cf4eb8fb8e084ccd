import { createHmac } from 'node:crypto';
import { isUuid } from '@cadran/domain/uuid';
import { isExactSignature } from '../../crypto/signature';

/**
 * The unsubscribe link of the voters' e-mails: `<account id>.<HMAC-SHA256>` under a key
 * derived from the session secret for this one purpose. It does not expire (an old e-mail's
 * link must still work) and does nothing but turn those e-mails off.
 */

export const UNSUBSCRIBE_PATH = '/api/v1/website/release-mail/unsubscribe';

const purposeKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('cadran:release-mail-unsubscribe:v1').digest();

const mac = (key: Buffer, userId: string) => createHmac('sha256', key).update(userId).digest();

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.key = purposeKey(secret);
  }

  url(userId: string): string {
    const token = `${userId}.${mac(this.key, userId).toString('base64url')}`;
    return `${this.publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
  }

  /** The account a token names, or undefined when it is malformed or forged. */
  verify(token: string): string | undefined {
    const [userId = '', signature = '', ...rest] = token.split('.');
    if (rest.length > 0 || !isUuid(userId)) return undefined;
    return isExactSignature(signature, mac(this.key, userId)) ? userId : undefined;
  }
}
