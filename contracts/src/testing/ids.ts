/** An id as the api writes it (24 lowercase hex digits), different for each n. */
export const testObjectId = (n: number): string => n.toString(16).padStart(24, '0');
