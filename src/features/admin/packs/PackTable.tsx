import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { PackSummary } from '../api';
import { formatCents, formatNumber } from '../format';
import { RowMenu } from '../RowMenu';

interface PackActions {
  toggle: (pack: PackSummary) => void;
  edit: (pack: PackSummary) => void;
  remove: (pack: PackSummary) => void;
}

interface Props {
  packs: PackSummary[];
  /** Id of the pack whose status is being changed. */
  toggling: string | null;
  actions: PackActions;
}

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-4 py-3 align-middle';

/** Name, Credits, Price, external product id, Popular, Status (a toggle), Actions; cards on phones. */
export function PackTable({ packs, toggling, actions }: Props) {
  return (
    <>
      <ul className="divide-y divide-border sm:hidden">
        {packs.map((p) => (
          <li key={p.id} className="flex items-start gap-3 px-4 py-3.5">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {p.name} {p.popular ? <Badge variant="neural">Popular</Badge> : null}
              </p>
              <p className="mt-0.5 text-sm tabular-nums text-muted-foreground">
                {formatNumber(p.credits)} credits · {formatCents(p.priceCents, p.currency)}
              </p>
              <p className="mt-0.5 truncate font-mono text-xs text-muted-foreground">
                {p.id} · {p.externalProductId ?? 'no external id'}
              </p>
              <div className="mt-2">
                <StatusToggle pack={p} busy={toggling === p.id} onToggle={actions.toggle} />
              </div>
            </div>
            <PackMenu pack={p} actions={actions} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[52rem] text-sm">
          <thead className="border-b border-border bg-muted/40">
            <tr>
              <th className={th}>Name</th>
              <th className={th}>Credits</th>
              <th className={th}>Price</th>
              <th className={th}>External product ID</th>
              <th className={th}>Popular</th>
              <th className={th}>Status</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {packs.map((p) => (
              <tr key={p.id} className="border-b border-border last:border-0 hover:bg-muted/30">
                <td className={`${td} font-medium`}>
                  {p.name}
                  <span className="block font-mono text-xs font-normal text-muted-foreground">{p.id}</span>
                </td>
                <td className={`${td} tabular-nums`}>{formatNumber(p.credits)}</td>
                <td className={`${td} tabular-nums`}>{formatCents(p.priceCents, p.currency)}</td>
                <td className={`${td} font-mono text-xs text-muted-foreground`}>
                  {p.externalProductId ?? '-'}
                </td>
                <td className={td}>{p.popular ? <Badge variant="neural">Yes</Badge> : 'No'}</td>
                <td className={td}>
                  <StatusToggle pack={p} busy={toggling === p.id} onToggle={actions.toggle} />
                </td>
                <td className={`${td} text-right`}>
                  <PackMenu pack={p} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StatusToggle({
  pack: p,
  busy,
  onToggle,
}: {
  pack: PackSummary;
  busy: boolean;
  onToggle: (pack: PackSummary) => void;
}) {
  const next = p.status === 'active' ? 'inactive' : 'active';
  return (
    <button
      type="button"
      onClick={() => onToggle(p)}
      disabled={busy}
      aria-label={`Status of ${p.name}: ${p.status}. Click to make it ${next}`}
      title={`Click to make it ${next}`}
      className="cursor-pointer rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
    >
      <Badge
        variant={p.status === 'active' ? 'success' : 'secondary'}
        className={cn('capitalize', p.status === 'inactive' && 'text-muted-foreground')}
      >
        {p.status}
      </Badge>
    </button>
  );
}

function PackMenu({ pack: p, actions }: { pack: PackSummary; actions: PackActions }) {
  return (
    <RowMenu
      label={`Actions for ${p.name}`}
      edit={{ text: 'Edit Pack', onClick: () => actions.edit(p) }}
      remove={{ text: 'Delete Pack', onClick: () => actions.remove(p) }}
    />
  );
}
