import { type RefObject, useEffect } from 'react';

/**
 * The server's HTML is usable before it hydrates: a choice made or a figure typed then changed the
 * field but reached no handler (and React would put its own value back at the next render). Once
 * hydrated (on mount), what the field shows, if it differs from the state's, is applied.
 */
export function useEnteredBeforeHydration(field: RefObject<HTMLSelectElement | HTMLInputElement | null>, value: string, apply: (shown: string) => void) {
  useEffect(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== value) apply(shown);
    // On mount only: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
