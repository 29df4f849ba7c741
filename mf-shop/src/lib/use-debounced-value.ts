import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs` (compared as JSON, so a new object with the
 * same content is no change): typing a postal code asks the api once, not per key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key: string | undefined = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled((key === undefined ? undefined : JSON.parse(key)) as T), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
