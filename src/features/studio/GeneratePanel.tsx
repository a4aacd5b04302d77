import { CoinsIcon, CubeIcon, FilmIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/listbox';
import { cn } from '../../lib/cn';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import type { DownloadFormat, FreeQuota } from './api';
import { DownloadMenu } from './DownloadMenu';
import { extraFormatsOf } from './extra-formats';
import { freeQuotaText } from './free-quota';
import { StatusLine } from './StatusLine';
import { StepHeading } from './StepHeading';
import { downloadableModel, type StudioState } from './state';
import {
  FORMAT_HINTS,
  FORMAT_LABELS,
  type ModelFormat,
  type StudioVariant,
  TOPOLOGY_LABELS,
  type Topology,
} from './variants';

export interface GeneratePanelProps {
  variant: StudioVariant;
  state: StudioState;
  /** The balance shown (null when signed out). */
  credits: number | null;
  /** The free studio's allowance today (null in the paid studios). */
  freeQuota: FreeQuota | null;
  generateDisabled: boolean;
  onFormat: (format: ModelFormat) => void;
  onTopology: (topology: Topology) => void;
  onGenerate: () => void;
  onPreview: () => void;
  downloading: DownloadFormat | null;
  onDownload: (format: DownloadFormat) => void;
}

/** Steps 2–3: format and topology, then Generate 3D Model / 3D Preview, status, Download. */
export function GeneratePanel({
  variant,
  state,
  credits,
  freeQuota,
  generateDisabled,
  onFormat,
  onTopology,
  onGenerate,
  onPreview,
  downloading,
  onDownload,
}: GeneratePanelProps) {
  const count = Math.max(1, variant.batch ? state.files.length : 1);
  const price = useGenerationCost();
  const cost = variant.serverFree ? 0 : price === null ? null : count * price;
  const quota = freeQuota ? freeQuotaText(freeQuota) : null;
  const model = downloadableModel(state);
  const previewDone = state.preview.status === 'completed' && state.preview.generation !== null;
  // With a finished model, 3D Preview renders that model's video: part of the model, no second charge.
  const videoIncluded = state.model.status === 'completed' && state.model.generation !== null;
  const others: DownloadFormat[] = [
    ...variant.formats.filter((f) => f !== state.format),
    ...extraFormatsOf(model),
    ...(previewDone ? (['mp4'] as const) : []),
  ];

  return (
    <Card className="p-5 sm:p-6">
      <StepHeading
        step="2"
        title="Choose format & topology"
        hint="Every format is included; switch any time later"
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium" id="studio-format-label">
            Format
          </span>
          <Select
            label="3D format"
            value={state.format}
            onChange={onFormat}
            options={variant.formats.map((f) => ({
              value: f,
              label: FORMAT_LABELS[f],
              hint: FORMAT_HINTS[f],
            }))}
          />
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Topology</legend>
          <div
            className="grid h-11 grid-cols-2 gap-1 rounded-xl bg-muted p-1"
            role="radiogroup"
            aria-label="Topology"
          >
            {(['low', 'high'] as const).map((t) => {
              const offered = variant.topologies.includes(t);
              const selected = state.topology === t;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a segmented control styled as buttons, keyboard-operable
                <button
                  key={t}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={!offered}
                  onClick={() => onTopology(t)}
                  className={cn(
                    'cursor-pointer rounded-lg text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40',
                    selected
                      ? 'bg-card text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {TOPOLOGY_LABELS[t]}
                </button>
              );
            })}
          </div>
        </fieldset>
      </div>

      <div className="mt-6 border-t border-border pt-5">
        <StepHeading step="3" title="Generate" />
        <div
          className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-muted/60 px-3.5 py-2.5 text-sm"
          data-testid="studio-cost"
        >
          <span className="flex items-center gap-2 text-muted-foreground">
            <CoinsIcon className="size-4 text-primary" />
            {variant.free ? (
              'No credits required on App66'
            ) : (
              <>
                Cost: <strong className="text-foreground">{costText(cost)} credits</strong>
                {count > 1 ? (
                  <span className="text-xs">
                    ({count} × {costText(price)})
                  </span>
                ) : null}
              </>
            )}
          </span>
          <span className="text-xs text-muted-foreground">
            Credits:{' '}
            <strong className="text-foreground tabular-nums" data-testid="studio-credits">
              {variant.free ? 0 : (credits ?? '—')}
            </strong>
          </span>
        </div>

        {quota ? (
          <div className="mt-2 flex flex-col gap-1 text-xs">
            <p
              className={quota.exhausted ? 'font-medium text-destructive' : 'text-muted-foreground'}
              data-testid="free-quota"
              role={quota.exhausted ? 'status' : undefined}
            >
              {quota.text}
            </p>
            <p className="text-muted-foreground">
              Free conversions make the 3D model; a 3D Preview video uses {costText(price)} credits
              {credits !== null ? ` (your balance: ${credits})` : ''}.
            </p>
          </div>
        ) : null}
        {/* Side by side only where the panel is wide (tablets); the desktop column is too narrow for both. */}
        <div className="mt-4 grid gap-2.5 sm:grid-cols-[minmax(0,1fr)_auto] lg:grid-cols-1">
          <Button
            variant="neural"
            size="lg"
            onClick={onGenerate}
            disabled={generateDisabled}
            data-testid="generate-button"
          >
            <CubeIcon />
            Generate 3D Model
          </Button>
          <Button
            variant="glow"
            size="lg"
            onClick={onPreview}
            disabled={generateDisabled}
            data-testid="preview-button"
          >
            <FilmIcon />
            3D Preview
          </Button>
        </div>

        {videoIncluded ? (
          <p className="mt-2 text-xs text-muted-foreground" data-testid="preview-included">
            3D Preview makes this model’s turntable video: included, no credits.
          </p>
        ) : null}

        <div className="mt-5 flex flex-col gap-3.5">
          <StatusLine label="3D Model" job={state.model} testId="model-status" />
          <StatusLine label="3D Preview" job={state.preview} testId="preview-status" />
        </div>

        <div className="mt-5">
          <DownloadMenu
            chosen={state.format}
            others={others}
            enabled={model !== null}
            busy={downloading}
            onDownload={onDownload}
          />
        </div>
      </div>
    </Card>
  );
}
