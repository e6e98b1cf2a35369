import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SearchIcon } from '../../../components/icons/search-icon.tsx';
import { KEYWORD_MAX_LENGTH } from '../lib/search-history.ts';
import styles from './search-box.module.css';

interface SearchBoxProps {
  value: string;
  placeholder?: string;
  onSearch: (keyword: string) => void;
  onCancel: () => void;
  autoFocus?: boolean;
}

/** The search header: input with clear button, and 取消 to leave. Submits on the keyboard's 搜索. */
export function SearchBox({ value, placeholder = '搜索课程、讲师、标签', onSearch, onCancel, autoFocus }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // A keyword picked from history or hot searches shows in the box.
  useEffect(() => setText(value), [value]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    inputRef.current?.blur();
    onSearch(text);
  };

  return (
    <header className={styles.header}>
      <form className={styles.form} role="search" action="" onSubmit={handleSubmit}>
        <SearchIcon size={16} className={styles.icon} />
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          aria-label="搜索关键词"
          placeholder={placeholder}
          maxLength={KEYWORD_MAX_LENGTH}
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
        />
        {text && (
          <button
            type="button"
            className={styles.clear}
            aria-label="清除"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </form>
      <button type="button" className={styles.cancel} onClick={onCancel}>
        取消
      </button>
    </header>
  );
}
