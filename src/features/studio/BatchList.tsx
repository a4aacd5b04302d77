import { Link } from '@tanstack/react-router';
import { Card } from '../../components/ui/card';
import { percent } from './format';
import { type Generation, jobStatusOf, STATUS_LABELS } from './generation';

/** The jobs of a batch (one per image), each with its status; all of them land in My models. */
export function BatchList({ batch, files }: { batch: Generation[]; files: File[] }) {
  return (
    <Card className="mt-4 p-4" data-testid="batch-list">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">Batch · {batch.length} conversions</h3>
        <Link to="/profile" className="text-xs font-medium text-primary hover:underline">
          See them in My models
        </Link>
      </div>
      <ul className="mt-3 flex flex-col gap-2">
        {batch.map((g, i) => {
          const status = jobStatusOf(g);
          return (
            <li key={g.id} className="flex items-center gap-3 text-sm">
              <span className="min-w-0 flex-1 truncate">{files[i]?.name ?? `Image ${i + 1}`}</span>
              <span className="w-24 text-right text-xs text-muted-foreground tabular-nums">
                {status === 'processing' ? `${percent(g.progress)}%` : ''}
              </span>
              <span className="w-28 text-right text-xs font-semibold">{STATUS_LABELS[status]}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
