import { createHmac } from 'node:crypto';
import { matchesSignature } from '../../platform/signatures.ts';

/**
 * Signed links of audience mails: `unsubscribe` (one creator, one address, the post it came in),
 * `confirm` (a "Get updates" sign-up) and `purchase` (a free purchase's receipt: its buyer says yes). The HMAC key is derived from the app's secret, one per purpose,
 * so a token is neither guessed nor turned into another creator's, another address's or another kind.
 */
export type AudienceTokenPurpose = 'unsubscribe' | 'confirm' | 'purchase' | 'track';

export interface AudienceTokenValue {
  creatorId: string;
  email: string;
  /** The post whose mail carried the link (its stats count the unsubscribe). */
  postId?: string;
}

export class AudienceTokens {
  private readonly keys: Record<AudienceTokenPurpose, Buffer>;

  constructor(secret: string) {
    const key = (purpose: string) => createHmac('sha256', secret).update(`zerri/audience/${purpose}/v1`).digest();
    this.keys = { unsubscribe: key('unsubscribe'), confirm: key('confirm'), purchase: key('purchase'), track: key('track') };
  }

  /**
   * A delivery's open pixel (`link` undefined) or its click on the post's link number `link`: the
   * token names the delivery and the link's place in the post, never a URL (no open redirect).
   */
  signTrack(deliveryId: number, link?: number): string {
    const payload = `${deliveryId}-${link ?? 'o'}`;
    return `${payload}.${this.mac('track', payload).toString('base64url')}`;
  }

  verifyTrack(token: string): { deliveryId: number; link: number | undefined } | undefined {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0 || token.length > 200) return undefined;
    if (!matchesSignature(signature, this.mac('track', payload))) return undefined;
    const match = /^(\d{1,15})-(o|\d{1,4})$/.exec(payload);
    if (!match) return undefined;
    return { deliveryId: Number(match[1]), link: match[2] === 'o' ? undefined : Number(match[2]) };
  }

  sign(purpose: AudienceTokenPurpose, value: AudienceTokenValue): string {
    const payload = Buffer.from(JSON.stringify([value.creatorId, value.email, value.postId ?? ''])).toString('base64url');
    return `${payload}.${this.mac(purpose, payload).toString('base64url')}`;
  }

  /** The token's value, or undefined when it is not one this app signed for `purpose`. */
  verify(purpose: AudienceTokenPurpose, token: string): AudienceTokenValue | undefined {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0 || token.length > 2000) return undefined;
    if (!matchesSignature(signature, this.mac(purpose, payload))) return undefined;
    try {
      const [creatorId, email, postId] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
      if (typeof creatorId !== 'string' || typeof email !== 'string' || typeof postId !== 'string') return undefined;
      return { creatorId, email, ...(postId ? { postId } : {}) };
    } catch {
      return undefined;
    }
  }

  private mac(purpose: AudienceTokenPurpose, payload: string): Buffer {
    return createHmac('sha256', this.keys[purpose]).update(payload).digest();
  }
}
