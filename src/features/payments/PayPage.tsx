import { Link, useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { LockIcon } from '../../components/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import { useAuth } from '../auth/context';
import { capturePaymentOrder } from './api';
import {
  type CardFormState,
  EMPTY_CARD_FORM,
  formatAmount,
  type PayParams,
  shapeCardNumber,
  shapeCvc,
  shapeExpiry,
  validateCardForm,
} from './cardForm';
import { type PayOrder, usePayOrder } from './usePayOrder';

/** Pause between the demo notice and the success page (SPEC §9). */
const DEMO_REDIRECT_MS = 800;

type Field = keyof CardFormState;

const FIELDS: Array<{
  name: Field;
  label: string;
  placeholder: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'email';
  shape?: (v: string) => string;
}> = [
  { name: 'cardholderName', label: 'Cardholder Name', placeholder: 'Ada Lovelace', autoComplete: 'cc-name' },
  {
    name: 'cardNumber',
    label: 'Card Number',
    placeholder: '4242 4242 4242 4242',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    shape: shapeCardNumber,
  },
  {
    name: 'expiry',
    label: 'Expiry (MM/YY)',
    placeholder: 'MM/YY',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
    shape: shapeExpiry,
  },
  {
    name: 'cvc',
    label: 'CVC',
    placeholder: '123',
    autoComplete: 'cc-csc',
    inputMode: 'numeric',
    shape: shapeCvc,
  },
  {
    name: 'email',
    label: 'Receipt Email',
    placeholder: 'you@example.com',
    autoComplete: 'email',
    inputMode: 'email',
  },
];

/** /pay (SPEC §2 "Demo card page"): validates a card form in the browser and completes the demo order. */
export function PayPage({ params }: { params: PayParams }) {
  const { user, openSignIn } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<CardFormState>({ ...EMPTY_CARD_FORM, email: user?.email ?? '' });
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [processing, setProcessing] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const shown = usePayOrder(params);
  const item = describeItem(shown);
  const amountLabel = item.amount ? formatAmount(item.amount, item.currency) : '—';
  // Only an order the server holds and that is still waiting for its payment can be paid here.
  const payable =
    shown.kind === 'url' ||
    shown.kind === 'signed-out' ||
    (shown.kind === 'order' && shown.order.status === 'created');

  const change = (name: Field, shape?: (v: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = shape ? shape(e.target.value) : e.target.value;
    setForm((f) => ({ ...f, [name]: value }));
    if (invalid === name) setInvalid(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing || !payable) return;
    if (params.order && !user) return openSignIn({ stayOnPage: true });
    const problem = validateCardForm(form, item.amount);
    if (problem) {
      notify(problem.title, { description: problem.description, variant: 'destructive' });
      if (problem.field !== 'amount') {
        setInvalid(problem.field);
        inputs.current[problem.field]?.focus();
      }
      return;
    }
    if (params.paymentLink) {
      setProcessing(true);
      window.location.assign(params.paymentLink);
      return;
    }
    setProcessing(true);
    if (params.order) {
      try {
        await capturePaymentOrder('demo', params.order);
      } catch (err) {
        notify('Payment error', {
          description: err instanceof Error && err.message ? err.message : 'Something went wrong',
          variant: 'destructive',
        });
        setProcessing(false);
        return;
      }
    } else {
      // Only a bare /pay (no server order) is the spec's front-end-only demo; a captured order really credits.
      notify('Frontend-only demo', {
        description:
          'This form validates input and matches the theme. A backend is required to charge cards.',
      });
    }
    const order = params.order;
    redirect.current = setTimeout(() => {
      void navigate({ to: '/checkout/success', search: order ? { order, provider: 'demo' } : {} });
    }, DEMO_REDIRECT_MS);
  };

  return (
    <div className="grid min-h-[85vh] place-items-center px-4 pt-24 pb-16">
      <div className="w-full max-w-md">
        <div className="rounded-3xl border border-border bg-card p-6 shadow-xl shadow-primary/5 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wider text-primary uppercase">Card payment</p>
              <h1 className="mt-1 text-xl font-bold tracking-tight" data-testid="pay-description">
                {item.description}
              </h1>
              {item.credits ? (
                <p className="mt-0.5 text-sm text-muted-foreground" data-testid="pay-credits">
                  {item.credits.toLocaleString('en-US')} credits
                </p>
              ) : null}
            </div>
            <p className="text-2xl font-extrabold tracking-tight" data-testid="pay-amount">
              {amountLabel}
            </p>
          </div>

          {item.note ? (
            <p className="mt-4 rounded-xl bg-muted/60 p-3 text-sm" data-testid="pay-order-note">
              {item.note}
            </p>
          ) : null}

          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            {FIELDS.map((f) => (
              <div
                key={f.name}
                className={
                  f.name === 'expiry' || f.name === 'cvc'
                    ? 'inline-block w-[calc(50%-0.5rem)] align-top [&+&]:ml-4'
                    : ''
                }
              >
                <Label htmlFor={`pay-${f.name}`}>{f.label}</Label>
                <Input
                  id={`pay-${f.name}`}
                  ref={(el) => {
                    inputs.current[f.name] = el;
                  }}
                  name={f.name}
                  type={f.name === 'email' ? 'email' : 'text'}
                  inputMode={f.inputMode}
                  autoComplete={f.autoComplete}
                  placeholder={f.placeholder}
                  value={form[f.name]}
                  onChange={change(f.name, f.shape)}
                  aria-invalid={invalid === f.name || undefined}
                  className="mt-1.5"
                  disabled={processing}
                />
              </div>
            ))}
            <Button
              type="submit"
              variant="neural"
              size="lg"
              className="mt-2 w-full"
              disabled={processing || !payable}
            >
              <LockIcon />
              {processing ? 'Processing…' : `Pay ${amountLabel}`}
            </Button>
          </form>

          <p className="mt-5 rounded-xl bg-muted/60 p-3 text-xs leading-relaxed text-muted-foreground">
            Use a test card such as 4242 4242 4242 4242, any future expiry date and any 3-digit CVC. This demo
            validates the fields only; no card is charged.
          </p>
        </div>
        <div className="mt-4 text-center">
          <Link to="/checkout/cancel" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            Cancel payment
          </Link>
        </div>
      </div>
    </div>
  );
}

interface Item {
  description: string;
  credits: number | null;
  amount: number | null;
  currency: string;
  /** Why this order cannot be paid here, or what must happen first. */
  note: string | null;
}

/** The line item: the URL's for a bare /pay (the spec's demo), else only what the server says of the order. */
function describeItem(shown: PayOrder): Item {
  const none = { credits: null, amount: null, currency: 'EUR' };
  switch (shown.kind) {
    case 'url':
      return { ...shown, note: null };
    case 'order': {
      const o = shown.order;
      const note =
        o.status === 'created'
          ? null
          : o.status === 'completed'
            ? 'This order is already paid: its credits are in your account.'
            : o.status === 'pending'
              ? 'This order is already paid and its payment is being confirmed.'
              : 'This order can no longer be paid. Please start a new one from the checkout.';
      return { description: o.description, credits: o.credits, amount: o.amount, currency: o.currency, note };
    }
    case 'loading':
      return { ...none, description: 'Loading your order…', note: null };
    case 'signed-out':
      return { ...none, description: 'Credit pack', note: 'Sign in to see and pay this order.' };
    case 'missing':
      return {
        ...none,
        description: 'Order not found',
        note: 'No order with this number belongs to your account. Please start again from the checkout.',
      };
    case 'error':
      return { ...none, description: 'Credit pack', note: `We could not load this order: ${shown.message}` };
  }
}
