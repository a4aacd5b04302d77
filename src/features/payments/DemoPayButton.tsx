import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LockIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { useAuth } from '../auth/context';
import type { PackOffer } from '../credits/packs';
import { createDemoOrder } from './api';
import { orderRequest } from './orderRequest';

/** Demo checkout: creates the order on the server (priced there), then opens the /pay card form for it. */
export function DemoPayButton({ pack }: { pack: PackOffer }) {
  const { user, openSignIn } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (!user) return openSignIn({ stayOnPage: true });
    setBusy(true);
    try {
      const order = await createDemoOrder(orderRequest(pack, user));
      await navigate({
        to: '/pay',
        search: {
          amount: order.amount,
          currency: order.currency,
          description: order.description,
          credits: order.credits,
          order: order.orderID,
        },
      });
    } catch {
      notify('Error', {
        description: 'Failed to redirect to checkout. Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  return (
    <Button variant="neural" size="lg" className="w-full" onClick={pay} disabled={busy}>
      <LockIcon />
      {busy ? 'Preparing payment…' : user ? 'Pay with Card' : 'Sign in to pay'}
    </Button>
  );
}
