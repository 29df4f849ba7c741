/** Values a path's `{name}` or a query key takes; undefined query keys are left out. */
export type UrlValues = Record<string, string | number | boolean | undefined>;

/**
 * The address of an api call: each `{name}` of the path as the OpenAPI document writes it replaced by
 * its encoded param, then the query in the order its keys are written. One spelling (URLSearchParams),
 * so the shell's server preloads the very URL a page then asks for (catalogApiPath, LATEST_PARTS_PATH).
 */
export function apiUrl(path: string, { params, query }: { params?: UrlValues; query?: UrlValues } = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`The call to ${path} has no value for {${name}}.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
