import { Fragment, useEffect, useState, type ReactNode } from 'react';
import type { Network } from '../lib/bills.ts';
import { FieldNotes, TextField, type SchemaForm } from './form-kit.tsx';
export { DefaultSubmit } from './form-kit.tsx';

/**
 * Pieces the airtime and data islands share: the network chooser, its radio cards, the phone
 * number (and form-kit's hidden default button); the form around them is purchase-kit.tsx's. Each renders
 * plain HTML that works before hydration and without JavaScript.
 */


/** The line to buy for: the customer's own number, filled in by the page. */
export function PhoneNumberField({ form, label, hint }: { form: SchemaForm; label: string; hint: string }) {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={20}
      hint={hint}
      error={form.errorFor('phone_number')}
      {...form.bind('phone_number')}
    />
  );
}

/** True once the island runs in the browser (false in the server's HTML and before hydration). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The value of a radio group chosen before the island hydrated (a tap on a slow phone), read from
 * the page once: React would otherwise put its own choice back on the next render.
 */
export function checkedBeforeHydration(name: string): string | null {
  const checked = document.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`);
  return checked ? checked.value : null;
}


/**
 * One choice of a radio group, drawn as a large tap target: a label, an optional line under it,
 * an optional price beside it. The radio is named by its label alone and described by the rest,
 * so a screen reader says "2GB Monthly, radio button, 2GB for 30 days, ₦1,500.00".
 */
export function RadioCard({ name, value, checked, onChange, label, hint, aside }: { name: string; value: string; checked: boolean; onChange: (value: string) => void; label: ReactNode; hint?: ReactNode; aside?: ReactNode }) {
  const id = `${name}-${value}`;
  const describedBy = [hint ? `${id}-hint` : null, aside ? `${id}-aside` : null].filter(Boolean).join(' ') || undefined;
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-400 bg-white px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700">
      <input type="radio" className="size-5 shrink-0 accent-brand-700" name={name} id={id} value={value} checked={checked} onChange={() => onChange(value)} aria-labelledby={`${id}-label`} aria-describedby={describedBy} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium" id={`${id}-label`}>
          {label}
        </span>
        {hint ? (
          <span className="block text-sm text-slate-700" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
      {aside ? (
        <span className="shrink-0 text-right font-semibold tabular-nums" id={`${id}-aside`}>
          {aside}
        </span>
      ) : null}
    </label>
  );
}

/** A radio group's frame: the legend, its choices, and the message under them with the id forms use (`<name>-error`). */
export function ChoiceFieldset({ name, legend, error, children }: { name: string; legend: string; error?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="field" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="label">{legend}</legend>
      {children}
      <FieldNotes id={name} error={error} />
    </fieldset>
  );
}

/** The four mobile networks, two to a row on a phone. */
export function NetworkChoice({ name, legend, networks, value, onChange, error }: { name: string; legend: string; networks: readonly Network[]; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <ChoiceFieldset name={name} legend={legend} error={error}>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {/* A space after each choice: the grid does not draw it, but read without CSS the names stay apart. */}
        {networks.map((network) => (
          <Fragment key={network.id}>
            <RadioCard name={name} value={network.id} checked={value === network.id} onChange={onChange} label={network.name} />{' '}
          </Fragment>
        ))}
      </div>
    </ChoiceFieldset>
  );
}
