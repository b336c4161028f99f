import { useEffect, useRef } from 'react';
import type { Disco } from '../lib/bills.ts';
import { meterFieldsCheck } from '../lib/checks/electricity.ts';
import { meterTypeFor } from '../lib/electricity-form.ts';
import { setProviders } from '../stores/electricity.ts';
import { DigitsField, FieldNotes, SelectField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { fillWord, PaymentDetailsForm, type DetailsStepProps } from './purchase-kit.tsx';
import type { ElectricityWords } from '../i18n/purchase-words.ts';

type Props = DetailsStepProps & Pick<FormProps, 'values' | 'errors'> & { discos: readonly Disco[]; words: ElectricityWords };

/**
 * Buy electricity: the details step of /bills/electricity (DisCo, meter type, meter number).
 * Without JavaScript choosing the DisCo is a round trip that brings back its meter types; once
 * hydrated they follow the DisCo at once. "Verify meter" posts the meter and the page answers
 * with its next steps: the meter verified with the DisCo (owner, address) and the amount, then
 * the review (meter, owner, DisCo, amount, fee, total) with the PIN, with JavaScript or without.
 */
export default function ElectricityForm(props: Props) {
  const { discos, values = {}, errors = {}, words: w } = props;
  const initialDisco = discos.find((disco) => disco.id === values.provider_id);
  const form = useSchemaForm(worded(meterFieldsCheck, w), { provider_id: '', meter_number: '', ...values, meter_type: meterTypeFor(initialDisco, String(values.meter_type ?? '')) }, errors);
  const formRef = useRef<HTMLFormElement>(null);

  const providerId = String(form.values.provider_id ?? '');
  const disco = discos.find((candidate) => candidate.id === providerId);
  const meterType = String(form.values.meter_type ?? '');

  useEffect(() => {
    setProviders(discos);
    // A meter type ticked before the script arrived is not in React's state yet.
    const ticked = formRef.current?.querySelector<HTMLInputElement>('input[name="meter_type"]:checked');
    if (ticked && ticked.value !== form.values.meter_type) form.set('meter_type', ticked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function chooseDisco(id: string) {
    form.set('provider_id', id);
    form.set('meter_type', meterTypeFor(discos.find((candidate) => candidate.id === id), meterType));
  }

  const discoOptions = discos.map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${candidate.short_name})` }));
  const meterTypeError = form.errorFor('meter_type');

  return (
    <PaymentDetailsForm action="/bills/electricity" step={props} complete={() => form.check()} formRef={formRef} button={w[disco ? 'purchases.elec.verify' : 'purchases.continue']} intent={disco ? 'verify' : 'provider'}>
      <SelectField
        label={w['purchases.elec.discoLabel']}
        placeholder={w['purchases.elec.discoPlaceholder']}
        options={discoOptions}
        error={form.errorFor('provider_id')}
        hint={disco ? null : w['purchases.elec.discoHint']}
        {...form.bind('provider_id')}
        onChange={(event) => chooseDisco(event.target.value)}
      />

      {disco ? (
        <>
          <fieldset className="field" aria-describedby={meterTypeError ? 'meter_type-error' : undefined}>
            <legend className="label">{w['purchases.elec.meterType']}</legend>
            <div className="flex flex-wrap gap-3">
              {disco.meter_types.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-base">
                  <input
                    type="radio"
                    name="meter_type"
                    id={`meter_type-${type}`}
                    value={type}
                    className="size-5"
                    checked={meterType === type}
                    onChange={() => form.set('meter_type', type)}
                  />
                  {w[`purchases.elec.${type}`]}
                </label>
              ))}
            </div>
            {disco.meter_types.length === 1 ? <div className="hint">{fillWord(w[`purchases.elec.${disco.meter_types[0]!}Only`], { disco: disco.short_name })}</div> : null}
            <FieldNotes id="meter_type" error={meterTypeError} />
          </fieldset>

          <DigitsField label={w['purchases.elec.meterNumber']} maxLength={17} hint={w['purchases.elec.meterHint']} error={form.errorFor('meter_number')} {...form.bind('meter_number')} />
        </>
      ) : null}
    </PaymentDetailsForm>
  );
}
