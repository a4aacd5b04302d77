import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDownIcon, DownloadIcon } from '../../components/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { DownloadFormat } from './api';
import { downloadLabel } from './downloadLabel';

/**
 * Download: the chosen format as the main button, the others in a menu. Disabled until the model is
 * completed (SPEC §2); every format of a finished generation is included in its price (DESIGN §8).
 */
export function DownloadMenu({
  chosen,
  others,
  enabled,
  busy,
  onDownload,
  size = 'lg',
}: {
  chosen: DownloadFormat;
  others: DownloadFormat[];
  enabled: boolean;
  busy: DownloadFormat | null;
  onDownload: (format: DownloadFormat) => void;
  size?: 'lg' | 'default' | 'sm';
}) {
  return (
    <div className="flex w-full">
      <Button
        variant="outline"
        size={size}
        disabled={!enabled || busy !== null}
        onClick={() => onDownload(chosen)}
        className="flex-1 rounded-r-none"
        data-testid="download-button"
      >
        <DownloadIcon />
        {busy === chosen ? 'Preparing…' : `Download ${downloadLabel(chosen)}`}
      </Button>
      <Menu>
        <MenuButton
          disabled={!enabled || busy !== null}
          aria-label="More download formats"
          className={cn(
            buttonVariants({ variant: 'outline', size }),
            'rounded-l-none border-l-0 px-3 data-disabled:pointer-events-none data-disabled:opacity-50',
          )}
        >
          <ChevronDownIcon />
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 6 }}
          className="z-[90] min-w-48 rounded-2xl border border-border bg-card p-1.5 text-card-foreground shadow-xl outline-none"
        >
          {others.map((f) => (
            <MenuItem key={f}>
              <button
                type="button"
                onClick={() => onDownload(f)}
                className="flex w-full cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-left text-sm data-focus:bg-muted"
              >
                <DownloadIcon className="size-4 text-muted-foreground" />
                Download {downloadLabel(f)}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </div>
  );
}
