import { fileTypeFromBuffer } from 'file-type';

/** The largest selfie taken: a phone camera's JPEG is 1 to 4 MiB. */
export const maxSelfieBytes = 5 * 1024 * 1024;

export type SelfieImage = { ok: true; mime: 'image/jpeg' | 'image/png' } | { ok: false; reason: 'empty' | 'too_large' | 'not_jpeg_or_png' };

/**
 * What a posted selfie is, by its content and never by its name or the type the browser claimed
 * (a renamed file, or a page that lies, says nothing): JPEG or PNG up to 5 MiB, else why not.
 * The size is checked first, so an oversized upload is not read further.
 */
export async function sniffSelfie(bytes: Uint8Array): Promise<SelfieImage> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  if (bytes.byteLength > maxSelfieBytes) return { ok: false, reason: 'too_large' };
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'image/jpeg' || type?.mime === 'image/png') return { ok: true, mime: type.mime };
  return { ok: false, reason: 'not_jpeg_or_png' };
}
