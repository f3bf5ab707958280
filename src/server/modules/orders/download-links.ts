import { createHmac } from 'node:crypto';
import { matchesSignature } from '../../platform/signatures.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/orders.ts';

/**
 * Short-lived signed download links: `/api/downloads/{saleId}?expires=<unix s>&signature=<HMAC>`.
 * The key is derived from the app's secret, so a link cannot be made for another sale or a later time.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('zerri/download-links/v1').digest();
  }

  private signature(saleId: string, expires: number): Buffer {
    return createHmac('sha256', this.key).update(`${saleId}:${expires}`).digest();
  }

  /** A path valid until `expiresAt` (at most an hour from now by default). */
  path(saleId: string, expiresAt = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_TTL_SECONDS): string {
    const signature = this.signature(saleId, expiresAt).toString('base64url');
    return `/api/downloads/${saleId}?expires=${expiresAt}&signature=${signature}`;
  }

  /** `ok`, `expired`, or `invalid` (wrong signature, another sale's link, or a lifetime past the limit). */
  check(saleId: string, expires: number, signature: string, now = Math.floor(Date.now() / 1000)): 'ok' | 'expired' | 'invalid' {
    if (!matchesSignature(signature, this.signature(saleId, expires))) return 'invalid';
    if (expires - now > DOWNLOAD_LINK_TTL_SECONDS + 60) return 'invalid';
    return expires < now ? 'expired' : 'ok';
  }
}
