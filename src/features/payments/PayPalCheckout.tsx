/**
 * PayPal buttons for the checkout (SPEC §4 "Checkout"): an order is pre-created on load and whenever the
 * pack or the user changes; while none is ready the card button is disabled and clicks are rejected; the
 * prefetched order is used once, otherwise a fresh one is created; approval captures it on the server.
 * Loaded only when /config.json says payments are PayPal.
 */
import {
  FUNDING,
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { useAuth } from '../auth/context';
import type { PackOffer } from '../credits/packs';
import { capturePaymentOrder, createPayPalOrder } from './api';
import { orderRequest } from './orderRequest';
import { createOrderSlot } from './orderSlot';
import { useRefreshUser } from './useRefreshUser';

const message = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : typeof err === 'string' && err ? err : fallback;

export default function PayPalCheckout({ pack, clientId }: { pack: PackOffer; clientId: string }) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: 'EUR',
        intent: 'capture',
        components: ['buttons', 'hosted-fields'],
        enableFunding: 'card',
      }}
    >
      <Buttons pack={pack} />
    </PayPalScriptProvider>
  );
}

function Buttons({ pack }: { pack: PackOffer }) {
  const [{ isResolved, isRejected }] = usePayPalScriptReducer();
  const { user, openSignIn } = useAuth();
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const [slot] = useState(createOrderSlot);
  const [ready, setReady] = useState(false);
  const [creating, setCreating] = useState(false);
  const [round, setRound] = useState(0);

  // Pre-create on load and whenever pack, user id or e-mail change (and again after a cancel or error).
  // biome-ignore lint/correctness/useExhaustiveDependencies: exactly these inputs decide the order
  useEffect(() => {
    const ticket = slot.begin();
    setReady(false);
    if (!user) return;
    let current = true;
    setCreating(true);
    createPayPalOrder(orderRequest(pack, user))
      .then((o) => setReady(slot.fill(ticket, o.orderID)))
      .catch((err: unknown) => console.error('checkout: pre-creating the order failed:', message(err, '')))
      .finally(() => {
        if (current) setCreating(false);
      });
    return () => {
      current = false;
    };
  }, [pack.id, user?.id, user?.email, round]);

  const createOrder = useCallback(async () => {
    const id = slot.take();
    setReady(false);
    if (id) return id;
    return (await createPayPalOrder(orderRequest(pack, user))).orderID;
  }, [pack, user, slot]);

  const onApprove = useCallback(
    async (data: { orderID: string }) => {
      try {
        const result = await capturePaymentOrder('paypal', data.orderID);
        if (result.success) {
          notify('Payment successful', {
            description: `Added ${result.credits.toLocaleString('en-US')} credits.`,
            variant: 'success',
          });
          await refreshUser();
          await navigate({ to: '/checkout/success', search: { order: data.orderID, provider: 'paypal' } });
        } else {
          notify('Payment received', { description: 'Processing completed. You can check your credits.' });
          await refreshUser();
        }
      } catch (err) {
        notify('Payment error', {
          description: message(err, 'Something went wrong'),
          variant: 'destructive',
        });
        setRound((r) => r + 1);
      }
    },
    [navigate, refreshUser],
  );

  if (!user) {
    return (
      <Button variant="neural" size="lg" className="w-full" onClick={() => openSignIn({ stayOnPage: true })}>
        Sign in to pay
      </Button>
    );
  }
  if (isRejected) {
    return (
      <p className="text-sm text-destructive">
        PayPal could not be loaded. Please reload the page to try again.
      </p>
    );
  }
  if (!isResolved)
    return (
      <div
        className="h-12 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label="Loading payment options"
      />
    );

  const cardEligible = window.paypal?.isFundingEligible?.(FUNDING.CARD) === true;
  const disabled = creating || !ready;
  return (
    <div data-testid="paypal-buttons" aria-busy={creating}>
      <PayPalButtons
        fundingSource={cardEligible ? FUNDING.CARD : undefined}
        style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
        disabled={disabled}
        forceReRender={[pack.id, disabled]}
        onClick={(_data, actions) => (slot.ready ? actions.resolve() : actions.reject())}
        createOrder={createOrder}
        onApprove={onApprove}
        onCancel={() => {
          notify('Payment cancelled', { description: 'You can try again.' });
          setRound((r) => r + 1);
        }}
        onError={(err) => {
          notify('Payment error', {
            description: message(err, 'Something went wrong'),
            variant: 'destructive',
          });
          setRound((r) => r + 1);
        }}
      />
    </div>
  );
}
