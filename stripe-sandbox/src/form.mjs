// Stripe's request encoding: application/x-www-form-urlencoded with brackets for nesting
// (`metadata[orderId]=x`, `payment_method_types[0]=card`, `expand[]=latest_charge`), as the
// official SDKs and Stripe.js send it.

/** @typedef {string | FormObject | FormList} FormValue */
/** @typedef {{ [key: string]: FormValue }} FormObject */
/** @typedef {Array<FormValue>} FormList (a JSDoc type may refer to itself only through another name) */

/**
 * Parses a form body (or a query string) into nested objects; objects whose keys are all
 * indexes become arrays.
 * @param {string} text
 * @returns {FormObject}
 */
export function parseForm(text) {
  /** @type {FormObject} */
  const root = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) throw new FormError(`Invalid parameter name: ${name}`);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])];
    /** @type {any} */
    let node = root;
    path.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new FormError(`Invalid parameter name: ${name}`);
      if (index === path.length - 1) {
        node[key] = value;
      } else {
        if (typeof node[key] === 'string') throw new FormError(`Invalid parameter name: ${name}`);
        node[key] ??= {};
        node = node[key];
      }
    });
  }
  return /** @type {FormObject} */ (arraysOf(root));
}

/** @param {FormValue} value @returns {FormValue} */
function arraysOf(value) {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, arraysOf(item)]);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(String(key)))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/**
 * The inverse, for the stand-in's and the tests' requests.
 * @param {Record<string, unknown>} params
 */
export function encodeForm(params) {
  const search = new URLSearchParams();
  /** @param {string} prefix @param {unknown} value */
  const add = (prefix, value) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${prefix}[${index}]`, item));
    else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) add(`${prefix}[${key}]`, item);
    else search.append(prefix, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return search.toString();
}

export class FormError extends Error {}
