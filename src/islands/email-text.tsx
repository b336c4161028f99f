import { Fragment } from 'react';
import { emailBreakPoints } from '../lib/email-breaks.ts';

/**
 * An email address in bold that wraps where people expect on a narrow phone: after the "@" and
 * before each dot, as the server's components/Email.astro draws it (src/lib/email-breaks.ts),
 * never inside a part (not even after a hyphen) unless one part alone is wider than the screen.
 * Used by the registration and email verification islands.
 */
export function EmailText({ address }: { address: string }) {
  return (
    <strong data-testid="email">
      {emailBreakPoints(address).map((part, index) => (
        <Fragment key={index}>
          {index === 0 ? null : <wbr />}
          <span className="inline-block max-w-full [overflow-wrap:anywhere]">{part}</span>
        </Fragment>
      ))}
    </strong>
  );
}
