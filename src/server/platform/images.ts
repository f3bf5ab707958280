import { UnsupportedMediaError } from './errors.ts';

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
const MAX_PIXELS = 40_000_000; // refuses decompression bombs

export interface ProcessedImage {
  /** The image re-encoded as WebP: metadata and anything appended to the file are gone. */
  full: Buffer;
  /** A small WebP for cards and lists. */
  card: Buffer;
  /** The size of `full` in pixels. */
  width: number;
  height: number;
}

/**
 * Recognises an image by its content (never its name or Content-Type) and re-encodes it.
 * Anything that is not a JPEG, PNG, WebP, GIF or AVIF picture is refused with 415.
 */
export async function processImage(inputPath: string, options: { message: string; code?: string; fullWidth: number; cardWidth: number }): Promise<ProcessedImage> {
  // sharp (libvips) is loaded on the first image, keeping it out of the resident memory of every instance.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(inputPath, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new UnsupportedMediaError(options.message, options.code);
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw new UnsupportedMediaError(options.message, options.code);
  const encode = (width: number, quality: number) =>
    sharp(inputPath, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  try {
    const [full, card] = await Promise.all([encode(options.fullWidth, 85), encode(options.cardWidth, 75)]);
    return { full: full.data, card: card.data, width: full.info.width, height: full.info.height };
  } catch {
    throw new UnsupportedMediaError(options.message, options.code);
  }
}
