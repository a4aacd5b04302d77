import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { UploadIcon } from '../../components/icons';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useMaxBatch } from '../credits/usePublicSettings';
import { formatSizeMb, isImageFile } from './format';
import { useObjectUrl } from './hooks';
import { CHECKERBOARD, ImageIcon } from './icons';
import { StepHeading } from './StepHeading';
import { UploadPickerButton } from './UploadPicker';
import { ViewSlots } from './ViewSlots';
import type { ViewFiles, ViewName } from './views';

/** Step 1: pick or drop an image (only image/* is taken; anything else is silently ignored, SPEC §5). */
export function UploadPanel({
  files,
  multiple,
  onSelect,
  views,
  onView,
  extra,
}: {
  files: File[];
  multiple: boolean;
  onSelect: (files: File[]) => void;
  /** The optional extra sides; omitted where a studio does not sell multi-view conversions (/app66). */
  views?: ViewFiles;
  onView?: (view: ViewName, file: File | null) => void;
  /** More ways in below the drop zone (the guided capture's "Take photos"). */
  extra?: ReactNode;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const file = files[0] ?? null;
  const previewUrl = useObjectUrl(file);
  const maxBatch = useMaxBatch();

  function take(list: FileList | null) {
    const images = Array.from(list ?? []).filter(isImageFile);
    const chosen = multiple ? images : images.slice(0, 1);
    if (chosen.length > 0) onSelect(chosen);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  }

  return (
    <Card className="p-5 sm:p-6">
      <StepHeading
        step="1"
        title="Upload Image"
        hint={multiple ? 'PNG, JPG or SVG · one or several' : 'PNG, JPG or SVG'}
      />
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-dropzone"
        className={cn(
          'group relative mt-4 flex min-h-52 cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring flex-col items-center justify-center gap-3 overflow-hidden rounded-2xl border-2 border-dashed p-4 text-center transition-colors',
          dragging
            ? 'border-primary bg-primary/10'
            : 'border-input hover:border-primary/60 hover:bg-primary/5',
        )}
      >
        {previewUrl && file ? (
          <img
            src={previewUrl}
            alt={`Preview of ${file.name}`}
            style={CHECKERBOARD}
            className="max-h-56 w-full rounded-xl object-contain"
          />
        ) : (
          <>
            <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary transition-transform group-hover:scale-105">
              <UploadIcon className="size-7" />
            </span>
            <span className="text-sm font-semibold">Click to upload or drop an image here</span>
            <span className="text-xs text-muted-foreground">
              A single object on a plain or transparent background works best
            </span>
          </>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple={multiple}
          className="sr-only"
          data-testid="upload-input"
          onChange={(e) => {
            take(e.target.files);
            // Picking the same file again must still fire a change.
            e.target.value = '';
          }}
        />
      </label>
      <UploadPickerButton
        label="Or choose from your uploads"
        title="Choose from your uploads"
        testId="upload-pick"
        className="mt-3"
        onPick={(picked) => onSelect([picked])}
      />
      {extra}
      {file ? (
        <div
          className="mt-3 flex items-center gap-3 rounded-xl bg-muted/60 px-3.5 py-2.5 text-sm"
          data-testid="selected-file"
        >
          <ImageIcon className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 flex-1 truncate font-medium" data-testid="selected-file-name">
            {file.name}
          </span>
          <span className="shrink-0 tabular-nums text-muted-foreground" data-testid="selected-file-size">
            {formatSizeMb(file.size)}
          </span>
        </div>
      ) : null}
      {files.length > 1 ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="batch-count">
          Batch: {files.length} images selected, one conversion each.
        </p>
      ) : null}
      {maxBatch !== null && files.length > maxBatch ? (
        <p className="mt-1 text-xs font-medium text-destructive" data-testid="batch-limit">
          At most {maxBatch} conversions can run at once, and each image of a batch is one: choose at most{' '}
          {maxBatch} images.
        </p>
      ) : null}
      {views && onView ? <ViewSlots views={views} disabled={files.length > 1} onChange={onView} /> : null}
    </Card>
  );
}
