import { type RefObject, useEffect } from 'react';

/**
 * The catalog's search form. Every filter select belongs to it (`form=`), so without scripts its
 * Search button applies them all, as a GET to /products.
 */
export const FILTER_FORM_ID = 'catalog-filters';

/**
 * The server's HTML is usable before it hydrates: a choice made then changed the select but reached no
 * handler. Once hydrated (on mount), the choice on screen, if it differs from the URL's, is applied.
 */
export function useChoiceMadeBeforeHydration(select: RefObject<HTMLSelectElement | null>, value: string, apply: (shown: string) => void) {
  useEffect(() => {
    const shown = select.current?.value;
    if (shown !== undefined && shown !== value) apply(shown);
    // On mount only: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
