import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxSelfieBytes, sniffSelfie } from './selfie-image.ts';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../../integrations/identity/fixtures', name)));

describe('a selfie, by its content', () => {
  it('is a JPEG or a PNG, whatever it is called', async () => {
    expect(await sniffSelfie(fixture('selfie-pass.jpg'))).toEqual({ ok: true, mime: 'image/jpeg' });
    expect(await sniffSelfie(fixture('selfie-retry.png'))).toEqual({ ok: true, mime: 'image/png' });
  });

  it('is refused when it is something else dressed as a picture', async () => {
    const gif = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    expect(await sniffSelfie(gif)).toEqual({ ok: false, reason: 'not_jpeg_or_png' });
    expect(await sniffSelfie(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({ ok: false, reason: 'not_jpeg_or_png' });
    expect(await sniffSelfie(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({ ok: false, reason: 'not_jpeg_or_png' });
    // A JPEG's first bytes and nothing of an image after them.
    expect(await sniffSelfie(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xd8, 0xff]))).toEqual({ ok: false, reason: 'not_jpeg_or_png' });
  });

  it('is refused empty, or over 5 MiB before it is read', async () => {
    expect(await sniffSelfie(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    const large = new Uint8Array(maxSelfieBytes + 1);
    large.set(fixture('selfie-pass.jpg'));
    expect(await sniffSelfie(large)).toEqual({ ok: false, reason: 'too_large' });
    const justRight = new Uint8Array(maxSelfieBytes);
    justRight.set(fixture('selfie-pass.jpg'));
    expect(await sniffSelfie(justRight)).toEqual({ ok: true, mime: 'image/jpeg' });
  });
});
