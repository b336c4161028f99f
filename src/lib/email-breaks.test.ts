import { describe, expect, it } from 'vitest';
import { emailBreakPoints } from './email-breaks.ts';

describe('emailBreakPoints', () => {
  it.each([
    ['ada.obi@example.com', ['ada', '.obi@', 'example', '.com']],
    ['oluwaseun@example.com.ng', ['oluwaseun@', 'example', '.com', '.ng']],
    ['plain', ['plain']],
    ['', []],
    ['a..b@@c', ['a', '.', '.b@', '@', 'c']],
  ])('%s → %j', (address, parts) => {
    expect(emailBreakPoints(address)).toEqual(parts);
    expect(emailBreakPoints(address).join('')).toBe(address);
  });
});
