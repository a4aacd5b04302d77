import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { cn } from '../../lib/cn';
import { CheckIcon, ChevronDownIcon } from '../icons';

interface SelectOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

export interface SelectProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  options: SelectOption<T>[];
  label?: string;
  disabled?: boolean;
  className?: string;
}

/** A select built on Headless UI's Listbox (typeahead, arrow keys, Escape). */
export function Select<T extends string>({
  value,
  onChange,
  options,
  label,
  disabled,
  className,
}: SelectProps<T>) {
  const current = options.find((o) => o.value === value);
  return (
    <Listbox value={value} onChange={onChange} disabled={disabled}>
      <ListboxButton
        aria-label={label}
        className={cn(
          'flex h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-xl border border-input bg-background px-3.5 text-left text-sm outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/20 data-disabled:cursor-not-allowed data-disabled:opacity-60',
          className,
        )}
      >
        <span className="truncate">{current?.label ?? 'Select…'}</span>
        <ChevronDownIcon className="size-4 text-muted-foreground" />
      </ListboxButton>
      <ListboxOptions
        anchor={{ to: 'bottom start', gap: 6 }}
        className="z-[110] w-(--button-width) rounded-xl border border-border bg-card p-1 text-card-foreground shadow-xl outline-none"
      >
        {options.map((o) => (
          <ListboxOption
            key={o.value}
            value={o.value}
            className="group flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm data-focus:bg-muted"
          >
            <span>
              {o.label}
              {o.hint ? <span className="ml-2 text-xs text-muted-foreground">{o.hint}</span> : null}
            </span>
            <CheckIcon className="invisible size-4 text-primary group-data-selected:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
