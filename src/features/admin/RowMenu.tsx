import type { ReactNode } from 'react';
import { Dropdown, DropdownItem, DropdownSeparator } from '../../components/ui/menu';
import { DotsIcon, PencilIcon, TrashIcon } from './icons';

/**
 * The ⋯ menu at the end of an admin table row: Edit first, Delete last (red, after a separator), any other
 * actions of the row between them.
 */
export function RowMenu({
  label,
  edit,
  remove,
  children,
}: {
  /** What the trigger announces, e.g. "Actions for ada@example.com". */
  label: string;
  edit: { text: string; onClick: () => void };
  remove: { text: string; onClick: () => void };
  children?: ReactNode;
}) {
  return (
    <Dropdown
      trigger={<DotsIcon className="size-5" />}
      triggerLabel={label}
      triggerClassName="size-9 justify-center text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <DropdownItem onClick={edit.onClick}>
        <PencilIcon />
        {edit.text}
      </DropdownItem>
      {children}
      <DropdownSeparator />
      <DropdownItem onClick={remove.onClick} className="text-destructive [&_svg]:text-destructive">
        <TrashIcon />
        {remove.text}
      </DropdownItem>
    </Dropdown>
  );
}
