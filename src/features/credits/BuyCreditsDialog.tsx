import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, InfinityIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Dialog } from '../../components/ui/dialog';
import { useAuth } from '../auth/context';
import { formatEuro, generationsText } from './packs';
import { useCreditPacks } from './useCreditPacks';
import { costText, useGenerationCost } from './usePublicSettings';

/**
 * The Buy Credits dialog (landing hero, studio, profile): pick a pack, continue to the checkout page with
 * it preselected. Packs come from the database through `useCreditPacks`.
 */
export default function BuyCreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { packs } = useCreditPacks();
  const cost = useGenerationCost();
  const { user } = useAuth();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Buy Credits"
      description={`Every conversion costs ${costText(cost)} credits and includes all seven formats (GLB, glTF, OBJ, FBX, STL, USDZ and 3MF). No subscription.`}
    >
      <ul className="flex flex-col gap-3">
        {packs.map((pack) => (
          <li key={pack.id}>
            <Link
              to="/checkout"
              search={{ pack: pack.id }}
              onClick={onClose}
              className="group flex items-center gap-4 rounded-2xl border border-border bg-background p-4 transition-colors hover:border-primary/60 hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[popular=true]:border-primary/50"
              data-popular={pack.popular}
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{pack.name}</span>
                  {pack.popular ? <Badge variant="neural">Most Popular</Badge> : null}
                </div>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {pack.credits.toLocaleString('en-US')} credits · {generationsText(pack.credits, cost)}{' '}
                  generations
                </p>
              </div>
              <span className="text-lg font-bold">{formatEuro(pack.price)}</span>
              <ArrowRightIcon className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
            </Link>
          </li>
        ))}
      </ul>
      {user ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="dialog-balance">
          Your balance:{' '}
          <span className="font-semibold text-foreground">
            {user.credits.toLocaleString('en-US')} credits
          </span>
        </p>
      ) : null}
      <p className="mt-5 flex items-center gap-2 text-xs text-muted-foreground">
        <InfinityIcon className="size-4 text-primary" />
        Credits never expire. 7-day money-back guarantee on unused packs.
      </p>
    </Dialog>
  );
}
