import { useEffect, type ReactNode } from 'react';
import { describedBy, FieldFrame } from './form-kit.tsx';

/**
 * A select whose long list (the banks) the page renders, never the island's props (docs/decisions/003-page-weight-budget.md):
 * the page passes the whole <select> (components/PageSelect.astro) as the island's children, so
 * Astro puts it in the HTML once and React leaves that markup alone. The field follows the choice
 * through the input events that bubble out of it, and keeps its aria-invalid and
 * aria-describedby in step with the message shown under it.
 */
export function PageSelectField({ id, label, hint, error, select, onChoose, onLeave }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; select: ReactNode; onChoose(value: string): void; onLeave(): void }) {
  useEffect(() => {
    const field = document.getElementById(id);
    const described = describedBy(id, hint, error);
    if (error) field?.setAttribute('aria-invalid', 'true');
    else field?.removeAttribute('aria-invalid');
    if (described) field?.setAttribute('aria-describedby', described);
    else field?.removeAttribute('aria-describedby');
  }, [id, hint, error]);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div
        className="contents"
        onInput={(event) => onChoose((event.target as HTMLSelectElement).value)}
        onBlur={(event) => {
          // As bind's onBlur: leaving for this form's submit button shows no message first.
          const next = event.relatedTarget;
          if (!(next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.closest('form'))) onLeave();
        }}
      >
        {select}
      </div>
    </FieldFrame>
  );
}
