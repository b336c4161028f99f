import { fail, succeed, type Failure, type Result } from '../core/result.ts';
import { said } from '../../i18n/said.ts';
import { maxSelfieBytes } from '../core/kyc/selfie-image.ts';

/** Bodies above this are refused; nothing the bank accepts is near it. */
export const maxBodyBytes = 64 * 1024;

export const tooLarge = (cap = maxBodyBytes): Failure =>
  cap > maxBodyBytes ? fail('PAYLOAD_TOO_LARGE', said('said.liveness.tooLarge', { size: Math.floor(maxSelfieBytes / (1024 * 1024)) })) : fail('PAYLOAD_TOO_LARGE', said('said.errors.tooLarge', { size: maxBodyBytes / 1024 }));

/**
 * The one kind of post that carries a file: a selfie, at most 5 MiB, sent as multipart/form-data
 * to the KYC page or the liveness endpoint. Its body may hold the picture and the form's few
 * fields (the boundaries, a form token), so its cap is the picture's and 64 KiB more.
 */
export const uploadCapBytes = maxSelfieBytes + maxBodyBytes;
const uploadPaths = new Set(['/kyc-verification', '/api/v1/kyc/liveness']);

/** The most a request's body may be: the upload cap for a multipart post to an upload path, else the usual 64 KiB. */
export function bodyCapFor(pathname: string, contentType: string | null): number {
  const multipart = (contentType ?? '').toLowerCase().startsWith('multipart/form-data');
  return multipart && uploadPaths.has(pathname.replace(/\/+$/, '') || '/') ? uploadCapBytes : maxBodyBytes;
}

/** How the fields came: JSON keeps its types; the form encodings carry only text. */
export type BodyEncoding = 'json' | 'form';
export type RequestBody = { fields: Record<string, unknown>; encoding: BodyEncoding };

/**
 * The raw bytes of a body, counted as they arrive and abandoned at the cap, whatever the framing
 * (a Content-Length, chunked, or none). A declared length above the cap is refused unread.
 * Past the cap the rest is read and dropped (up to the adapter's own limit) before the refusal
 * is answered: a server that closes a connection with unread data in it resets it, and the 413
 * is lost. A client that sends `Connection: close` (Node's with `agent: false`, curl's HTTP/1.0)
 * has its connection closed as soon as the answer is written, so the answer must wait for the
 * rest; when it did not, a 413 to a chunked 896 KiB body was lost in about a third of tries
 * (e2e/api-hardening.spec.ts). `drainFirst: false` leaves the rest to drain meanwhile: for a
 * clone (bodyWithinCap), which settles only once the original is read or cancelled too.
 */
export async function readCappedBytes(request: Request, cap = maxBodyBytes, drainFirst = true): Promise<Result<Uint8Array<ArrayBuffer>>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > cap) return tooLarge(cap);
  if (!request.body) return succeed(new Uint8Array(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        const drained = discardFrom(reader, total, drainLimitBytes);
        if (drainFirst) await drained;
        return tooLarge(cap);
      }
      chunks.push(value);
    }
  } catch {
    return fail('MALFORMED_BODY', said('said.body.unreadable'));
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return succeed(bytes);
}

/**
 * Whether a page's form post is within the cap, read from a copy so the page can still read the
 * original. Used by the middleware for every non-API request with a body.
 */
export async function bodyWithinCap(request: Request, cap = maxBodyBytes): Promise<boolean> {
  if (!request.body) return true;
  const copy = await readCappedBytes(request.clone(), cap, false);
  if (copy.ok || copy.code !== 'PAYLOAD_TOO_LARGE') return true;
  await discard(request.body, drainLimitBytes);
  return false;
}

/** The adapter's own limit on any body (astro.config.mjs, bodySizeLimit): a refused body is read and dropped up to here, no further. */
export const drainLimitBytes = 1024 * 1024;

/**
 * Reads and drops the rest of a refused form post (up to `limit`), so a browser gets the 413 page:
 * a server that closes a connection with unread data in it resets it, and the answer is lost.
 */
async function discard(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  await discardFrom(body.getReader(), 0, limit);
}

async function discardFrom(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number, limit: number): Promise<void> {
  let total = alreadyRead;
  try {
    while (total <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
  } catch {
    return;
  }
  reader.cancel().catch(() => undefined);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON, urlencoded or multipart body into a plain object with the same field names,
 * so one zod schema validates all three. Files in multipart bodies are ignored. The cap holds
 * before anything is parsed.
 */
export async function readRequestBody(request: Request, cap = maxBodyBytes): Promise<Result<RequestBody>> {
  const bytes = await readCappedBytes(request, cap);
  if (!bytes.ok) return bytes;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    if (bytes.value.byteLength === 0) return succeed({ fields: {}, encoding: 'form' });
    try {
      const form = await new Response(bytes.value, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
      return succeed({ fields: formDataToObject(form), encoding: 'form' });
    } catch {
      return fail('MALFORMED_BODY', said('said.body.multipart'));
    }
  }
  let raw: string;
  try {
    raw = utf8.decode(bytes.value);
  } catch {
    return fail('MALFORMED_BODY', said('said.body.utf8'));
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return succeed({ fields: Object.fromEntries(new URLSearchParams(raw)), encoding: 'form' });
  }
  if (raw.trim() === '') return succeed({ fields: {}, encoding: 'json' });
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return fail('MALFORMED_BODY', said('said.body.notObject'));
    }
    return succeed({ fields: parsed as Record<string, unknown>, encoding: 'json' });
  } catch {
    return fail('MALFORMED_BODY', said('said.body.json'));
  }
}

/** The fields alone, for callers that do not care how they were encoded. */
export async function readBody(request: Request): Promise<Result<Record<string, unknown>>> {
  const body = await readRequestBody(request);
  return body.ok ? succeed(body.value.fields) : body;
}

/** A multipart post's text fields and one file's bytes (null when none was sent): the file is kept in memory only, never written anywhere. */
export type Upload = { fields: Record<string, string>; file: Uint8Array | null };

/**
 * Reads a multipart/form-data post with a file in `field`, bounded by `cap` before anything is
 * parsed (counted as it arrives, as every body is), then parsed by undici's FormData (the one
 * Node ships). Any other content type is a 422 with the field's note: a file only comes this way.
 */
export async function readUpload(request: Request, field: string, cap = uploadCapBytes): Promise<Result<Upload>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    const message = said('said.liveness.multipart');
    return fail('VALIDATION_FAILED', message, { errors: { [field]: [message] } });
  }
  const bytes = await readCappedBytes(request, cap);
  if (!bytes.ok) return bytes;
  let form: FormData;
  try {
    form = await new Response(bytes.value, { headers: { 'content-type': type } }).formData();
  } catch {
    return fail('MALFORMED_BODY', said('said.body.multipart'));
  }
  const sent = form.get(field);
  const file = sent !== null && typeof sent !== 'string' ? new Uint8Array(await sent.arrayBuffer()) : null;
  return succeed({ fields: formDataToObject(form) as Record<string, string>, file });
}

function formDataToObject(form: FormData): Record<string, unknown> {
  // fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
