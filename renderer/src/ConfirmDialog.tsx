/**
 * The one confirmation of the app: every action that moves or writes off money, or changes who can
 * act, asks here first, saying in plain words what will happen (amount, network, destination).
 *
 * A native modal `<dialog>`: the browser keeps focus inside it and makes the page behind it inert,
 * Esc cancels it, and it is announced as a dialog named by its title. Focus starts on Cancel, so an
 * Enter pressed out of habit never sends money, and returns where it was once the dialog closes.
 */
import { type ReactElement, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Confirmation {
  /** The question, short: "Send this refund?" (every text here already translated: `t()`). */
  title: string;
  /** What will happen, in plain words: the amount, the network, where it goes, what is written off. */
  body: ReactNode;
  /** The confirming button says the action itself ("Send 3.00 USDT"), never a bare "OK". */
  confirm: string;
  /** The button that leaves everything as it was; "Cancel" unless that would be ambiguous. */
  cancel?: string;
}

function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation; onClose: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      before?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(e) => {
        // Esc: closed by us, so the promise below is settled exactly once.
        e.preventDefault();
        onClose(false);
      }}
    >
      <h2 id={`${id}-title`}>{confirmation.title}</h2>
      <div id={`${id}-body`} className="confirm-body">
        {confirmation.body}
      </div>
      <div className="confirm-actions">
        <button type="button" className="secondary" autoFocus onClick={() => onClose(false)}>
          {confirmation.cancel ?? t('actions.cancel')}
        </button>
        <button type="button" onClick={() => onClose(true)}>
          {confirmation.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * `const [dialog, confirm] = useConfirm()`: render `dialog` once in the screen; `await confirm({…})`
 * is true only when the person chose the confirming button (Cancel, Esc: false).
 */
export function useConfirm(): [ReactElement | null, (confirmation: Confirmation) => Promise<boolean>] {
  const [pending, setPending] = useState<{ confirmation: Confirmation; settle: (confirmed: boolean) => void; n: number }>();
  const confirm = useCallback(
    (confirmation: Confirmation) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.settle(false); // one question at a time: a new one answers the old with no
          return { confirmation, settle: resolve, n: (previous?.n ?? 0) + 1 };
        });
      }),
    [],
  );
  const close = (confirmed: boolean) => {
    pending?.settle(confirmed);
    setPending(undefined);
  };
  return [pending ? <ConfirmDialog key={pending.n} confirmation={pending.confirmation} onClose={close} /> : null, confirm];
}
