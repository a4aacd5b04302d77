import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { isImageFile } from './format';
import { useObjectUrl } from './hooks';
import { CHECKERBOARD, PlusIcon, TrashIcon } from './icons';
import { UploadPickerButton } from './UploadPicker';
import { VIEW_HINTS, VIEW_LABELS, VIEW_NAMES, type ViewFiles, type ViewName } from './views';

/**
 * The optional right, back and left photos of the one object in the main photo. More sides give the engine
 * real shape and texture where it would otherwise guess; the cost stays one conversion.
 */
export function ViewSlots({
  views,
  disabled,
  onChange,
}: {
  views: ViewFiles;
  /** A batch of several main images: views belong to one object, so none are taken. */
  disabled: boolean;
  onChange: (view: ViewName, file: File | null) => void;
}) {
  return (
    <div className="mt-5" data-testid="view-slots">
      <p className="text-sm font-semibold">
        More sides <span className="font-normal text-muted-foreground">· optional</span>
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {disabled
          ? 'Extra views work with a single image, not a batch.'
          : 'The main photo is the front. Photos of the other sides make a more faithful model, same price.'}
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {VIEW_NAMES.map((name) => (
          <li key={name}>
            <Slot
              name={name}
              file={disabled ? null : (views[name] ?? null)}
              disabled={disabled}
              onChange={(f) => onChange(name, f)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Slot({
  name,
  file,
  disabled,
  onChange,
}: {
  name: ViewName;
  file: File | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const url = useObjectUrl(file);

  function take(list: FileList | null) {
    const image = Array.from(list ?? []).find(isImageFile);
    if (image) onChange(image);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  }

  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-xl border p-2 transition-colors',
        dragging ? 'border-primary bg-primary/10' : 'border-border',
        disabled && 'opacity-50',
      )}
      data-testid={`view-slot-${name}`}
    >
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'group flex min-w-0 flex-1 items-center gap-3 rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          disabled ? 'cursor-not-allowed' : 'cursor-pointer',
        )}
      >
        <span
          className={cn(
            'grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg border border-dashed border-input text-muted-foreground',
            !disabled && 'group-hover:border-primary/60 group-hover:text-primary',
          )}
        >
          {url && file ? (
            <img
              src={url}
              alt={`${VIEW_LABELS[name]} view: ${file.name}`}
              style={CHECKERBOARD}
              className="h-full w-full object-contain"
            />
          ) : (
            <PlusIcon className="size-5" />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium">{VIEW_LABELS[name]}</span>
          <span id={hintId} className={cn('block text-xs text-muted-foreground', file && 'truncate')}>
            {file ? file.name : VIEW_HINTS[name]}
          </span>
        </span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          aria-label={`${VIEW_LABELS[name]} photo`}
          aria-describedby={hintId}
          data-testid={`view-input-${name}`}
          onChange={(e) => {
            take(e.target.files);
            // Picking the same file again must still fire a change.
            e.target.value = '';
          }}
        />
      </label>
      <UploadPickerButton
        label="Your uploads"
        labelClassName="hidden sm:inline"
        ariaLabel={`Choose the ${VIEW_LABELS[name].toLowerCase()} photo from your uploads`}
        title={`${VIEW_LABELS[name]}: choose from your uploads`}
        disabled={disabled}
        testId={`view-pick-${name}`}
        className="shrink-0 px-2 py-2"
        onPick={onChange}
      />
      {file ? (
        <button
          type="button"
          className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`Remove ${VIEW_LABELS[name].toLowerCase()} photo`}
          data-testid={`view-remove-${name}`}
          onClick={() => onChange(null)}
        >
          <TrashIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
