import { useEffect, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { cn } from '../../lib/cn';

/**
 * A search box with its Search button: the text is sent trimmed on submit (a blank box lists everything
 * again), and a search started elsewhere (the header's box, the address) shows in it. `label` names the
 * box for screen readers; `name` names the search landmark where a page has more than one.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  value,
  onSearch,
  maxLength,
  name,
  buttonVariant,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
  maxLength: number;
  name?: string;
  buttonVariant?: ButtonProps['variant'];
  className?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={name} onSubmit={submit} className={cn('flex gap-2', className)}>
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          className="min-h-11 w-full rounded-lg border border-slate-400 bg-white pl-9 pr-3 text-base text-slate-900 placeholder:text-slate-500"
        />
      </div>
      <Button type="submit" variant={buttonVariant}>
        Search
      </Button>
    </form>
  );
}
