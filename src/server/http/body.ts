import { fail, succeed, type Result } from '../core/result.ts';

/** Bodies above this are refused before parsing; nothing the bank accepts is near it. */
export const maxBodyBytes = 64 * 1024;

/**
 * Reads a JSON, urlencoded or multipart body into a plain object with the same field names,
 * so one zod schema validates all three. Files in multipart bodies are ignored.
 */
export async function readBody(request: Request): Promise<Result<Record<string, unknown>>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBodyBytes) return fail('PAYLOAD_TOO_LARGE', 'The request is too large.');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let raw: string;
  try {
    if (type.startsWith('multipart/form-data')) {
      return succeed(formDataToObject(await request.formData()));
    }
    raw = await request.text();
  } catch {
    return fail('MALFORMED_BODY', 'The request body could not be read.');
  }
  if (Buffer.byteLength(raw) > maxBodyBytes) return fail('PAYLOAD_TOO_LARGE', 'The request is too large.');
  if (raw.trim() === '') return succeed({});
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return succeed(Object.fromEntries(new URLSearchParams(raw)));
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return fail('MALFORMED_BODY', 'The request body must be a JSON object.');
    }
    return succeed(parsed as Record<string, unknown>);
  } catch {
    return fail('MALFORMED_BODY', 'The request body is not valid JSON.');
  }
}

function formDataToObject(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}
