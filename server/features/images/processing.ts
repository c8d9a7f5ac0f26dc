import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_UPLOAD_TYPES } from '../../../shared/constants';

export type ImageExtension = (typeof IMAGE_UPLOAD_TYPES)[number];

/** Width of the large thumbnail (the item page carousel). */
export const LARGE_THUMBNAIL_WIDTH = 800;
/** Width of a stock image preview in the Add Image search. */
export const PREVIEW_WIDTH = 320;
/** Refuses decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

/** An upload that passed every check, re-encoded so no metadata (EXIF, GPS) survives. */
export interface PreparedImage {
  extension: ImageExtension;
  original: Buffer;
  large: Buffer;
}

export type UploadCheck = { ok: true; image: PreparedImage } | { ok: false; message: string };

export function isImageExtension(value: string): value is ImageExtension {
  return (IMAGE_UPLOAD_TYPES as readonly string[]).includes(value);
}

/**
 * Decides what a file is by its bytes (never by its name or the browser's MIME type), decodes it
 * fully so a corrupt or truncated image is refused, and produces the stored files.
 */
export async function prepareUpload(fileName: string, data: Buffer): Promise<UploadCheck> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isImageExtension(detected.ext)) {
    return { ok: false, message: `"${fileName}" is not a JPG or PNG image` };
  }
  try {
    const extension = detected.ext;
    const original = await encodeAs(decoder(data), extension);
    const large = await largeThumbnail(original);
    return { ok: true, image: { extension, original, large } };
  } catch {
    return { ok: false, message: `"${fileName}" could not be read as an image` };
  }
}

/** Strict decoding: any warning from the decoder (truncated data, bad markers) refuses the file. */
export function decoder(data: Buffer): Sharp {
  // rotate() applies the EXIF orientation before the metadata is dropped.
  return sharp(data, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}

/** sharp writes no metadata unless asked to, so re-encoding strips EXIF. */
export function encodeAs(image: Sharp, extension: ImageExtension): Promise<Buffer> {
  return extension === 'jpg' ? image.jpeg({ quality: 90, mozjpeg: true }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}

export function largeThumbnail(data: Buffer): Promise<Buffer> {
  return resizedJpeg(data, LARGE_THUMBNAIL_WIDTH);
}

export function resizedJpeg(data: Buffer, width: number): Promise<Buffer> {
  return (
    decoder(data)
      .resize({ width, withoutEnlargement: true })
      // JPEG has no transparency: transparent PNG areas become white rather than black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  );
}

export function contentTypeOf(extension: string): string {
  return extension === 'png' ? 'image/png' : 'image/jpeg';
}
