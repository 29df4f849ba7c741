/**
 * The catalog's search form. Every filter select belongs to it (`form=`), so without scripts its
 * Search button applies them all, as a GET to /products.
 */
export const FILTER_FORM_ID = 'catalog-filters';
