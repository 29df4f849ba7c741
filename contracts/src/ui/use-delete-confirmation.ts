import { useState } from 'react';
import { errorMessage } from '@pcpp/contracts';

/**
 * An action that asks first: pick an item (`ask`), confirm in <ConfirmDialog {...dialog} />, run
 * the action, then clear the selection; a failure keeps the dialog open with `failure: <why>`.
 */
export function useConfirmation<T, R>({
  run,
  onDone,
  failure,
}: {
  run: (item: T) => Promise<R>;
  onDone: (item: T, result: R) => void;
  failure: string;
}) {
  const [selected, setSelected] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      onDone(selected, await run(selected));
      setSelected(null);
    } catch (reason) {
      setError(`${failure}: ${errorMessage(reason)}`);
    } finally {
      setBusy(false);
    }
  }

  return {
    selected,
    ask: (item: T) => {
      setError(null);
      setSelected(item);
    },
    dialog: {
      open: selected !== null,
      busy,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => {
        if (busy) return;
        setSelected(null);
        setError(null);
      },
    },
  };
}

/** A list's Delete buttons: `useConfirmation` with the words of a deletion. */
export function useDeleteConfirmation<T, R>({
  remove,
  onDeleted,
  failure,
}: {
  remove: (item: T) => Promise<R>;
  onDeleted: (item: T, result: R) => void;
  failure: string;
}) {
  return useConfirmation({ run: remove, onDone: onDeleted, failure });
}
