import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';

/**
 * The forgotten-password pages keep the flow in an httpOnly cookie that only they set, so their
 * islands check the fields live and then let the browser's own form post go ahead (stopping it
 * only while a field is wrong), showing progress meanwhile. One post at a time.
 */
export function useNativePost<Kind extends string>() {
  const [busy, setBusy] = useState<Kind | null>(null);
  const sending = useRef(false);
  useEffect(() => {
    // Back on this page from the browser's cache: the post it shows in progress is long done.
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sending.current = false;
      setBusy(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  return {
    busy,
    /** For onSubmit: lets the post go when `valid`, else stops it. */
    submit(event: SubmitEvent<HTMLFormElement>, kind: Kind, valid: boolean): void {
      if (sending.current || !valid) {
        event.preventDefault();
        return;
      }
      sending.current = true;
      setBusy(kind);
    },
  };
}

/** The button that clicked submit in this event, if any. */
export function submitterOf(event: SubmitEvent<HTMLFormElement>): HTMLButtonElement | null {
  const submitter = event.nativeEvent.submitter;
  return submitter instanceof HTMLButtonElement ? submitter : null;
}

/**
 * A submit button that shows progress without being disabled: a disabled button's name and
 * value would be left out of the very post it started.
 */
export function PostButton({ busy, busyText, children, className = 'btn-primary', name, value }: { busy: boolean; busyText: string; children: ReactNode; className?: string; name?: string; value?: string }) {
  return (
    <button type="submit" className={className} aria-busy={busy} aria-disabled={busy || undefined} name={name} value={value}>
      {busy ? busyText : children}
    </button>
  );
}
