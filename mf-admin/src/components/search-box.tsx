import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before a search runs. */
const TYPING_PAUSE_MS = 300;

/**
 * A search field of an admin table's toolbar: what is typed goes to `onSearch` (trimmed) after a
 * pause in typing, or at once on Enter; when `value` changes from elsewhere (Back, a link), the
 * field follows it.
 */
export function SearchBox({
  label,
  value,
  placeholder,
  onSearch,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => search.current(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <label>
      {label}
      <input
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== value) search.current(text.trim());
        }}
      />
    </label>
  );
}
