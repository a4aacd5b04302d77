import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DropdownProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/** A dropdown menu (Headless UI Menu): keyboard navigation, closes on selection and outside clicks. */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  align = 'end',
  className,
}: DropdownProps) {
  return (
    <Menu>
      <MenuButton
        aria-label={triggerLabel}
        className={cn(
          'inline-flex cursor-pointer items-center gap-2 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring',
          triggerClassName,
        )}
      >
        {trigger}
      </MenuButton>
      <MenuItems
        anchor={{ to: align === 'end' ? 'bottom end' : 'bottom start', gap: 8 }}
        className={cn(
          'z-[90] min-w-56 rounded-2xl border border-border bg-card p-1.5 text-card-foreground shadow-xl outline-none',
          className,
        )}
      >
        {children}
      </MenuItems>
    </Menu>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-left text-sm data-focus:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground';

export function DropdownItem({
  children,
  onClick,
  className,
}: {
  children: ReactNode;
  onClick: () => void;
  className?: string;
}) {
  return (
    <MenuItem>
      <button type="button" onClick={onClick} className={cn(itemClass, className)}>
        {children}
      </button>
    </MenuItem>
  );
}

export function DropdownSeparator() {
  return <MenuSeparator className="my-1 h-px bg-border" />;
}

export function DropdownLabel({ children }: { children: ReactNode }) {
  return <div className="px-3 py-2">{children}</div>;
}
