import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from '@nanostores/react';
import { beneficiaries, setBeneficiaries, type Beneficiary } from '../stores/transfer.ts';

/**
 * The confirmation before a beneficiary is deleted, inside the layout's modal. Every "Delete" on
 * the page is a link to /beneficairies?confirm=<id>, which without JavaScript shows the same
 * question on the page itself. Once this has hydrated, those links open the modal instead; the
 * answer is the same plain form post either way.
 */
const modalId = 'app-modal';

export default function DeleteBeneficiary({ list }: { list: readonly Beneficiary[] }) {
  useEffect(() => setBeneficiaries(list), [list]);
  const saved = useStore(beneficiaries);
  const [chosenId, setChosenId] = useState<string | null>(null);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-delete-beneficiary]') : null;
      const dialog = document.getElementById(modalId);
      // A browser without <dialog> keeps the link: the page shows the question instead.
      if (!link || !(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') return;
      event.preventDefault();
      // Render the question before the modal opens, so it never shows the previous one.
      flushSync(() => setChosenId(link.getAttribute('data-delete-beneficiary')));
      dialog.showModal();
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const chosen = saved.find((beneficiary) => beneficiary.id === chosenId);
  if (!chosen) {
    return (
      <h2 id="app-modal-title" className="sr-only">
        Delete a beneficiary
      </h2>
    );
  }
  return (
    <>
      <h2 id="app-modal-title" className="mb-3 text-lg font-semibold break-words">
        Delete {chosen.account_name}?
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        {chosen.bank_name} · <span className="font-mono">{chosen.account_number}</span>
        {chosen.nickname ? ` (“${chosen.nickname}”)` : ''}. You can add them again later; past transfers are not affected.
      </p>
      <form method="post" action="/beneficairies">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={chosen.id} />
        <button type="submit" className="btn w-full bg-red-700 text-white hover:bg-red-800">
          Yes, delete
        </button>
      </form>
    </>
  );
}
