import { describe, expect, it } from 'vitest';
import { undecodableApiAnswer } from './undecodable-url.ts';

describe('undecodableApiAnswer', () => {
  it('answers an undecodable /api path or query in the envelope', () => {
    for (const url of ['/api/v1/transaction/%E0%A4%A', '/api/v1/transaction/history/0123456789?q=%E0%A4%A', '/api/%']) {
      const answer = undecodableApiAnswer(url);
      if (!answer) throw new Error(`no answer for ${url}`);
      expect(answer.status, url).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ success: false, message: expect.any(String), code: 'MALFORMED_REQUEST' });
    }
  });

  it('hands everything else on', () => {
    for (const url of ['/api/v1/profile', '/api/v1/transaction/%00', '/dashboard/%E0%A4%A', '/apix/%E0', '/']) expect(undecodableApiAnswer(url), url).toBeNull();
  });
});
