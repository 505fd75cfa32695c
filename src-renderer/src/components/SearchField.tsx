import { Search } from 'lucide-react';
import './SearchField.css';

interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The field's name for screen readers (the placeholder goes once typing starts). */
  label: string;
  testId: string;
}

/** A saved list's search box: a magnifier inside a search input, the list following as one types. */
export function SearchField({ value, onChange, placeholder, label, testId }: SearchFieldProps) {
  return (
    <div className="search-field">
      <Search size={14} className="search-field__icon" aria-hidden />
      <input
        type="search"
        className="input search-field__input"
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        data-testid={testId}
      />
    </div>
  );
}
