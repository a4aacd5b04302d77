import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import type { User } from '../../lib/api';
import { cn } from '../../lib/cn';
import { getConfig } from '../../lib/config';
import { GENERIC_AUTH_ERROR } from './authErrors';
import { CheckCircleIcon, GoogleIcon } from './authIcons';
import { useAuth } from './context';
import {
  isMobileBrowser,
  MESSAGES,
  redirectToProvider,
  rememberReturnTo,
  signInWithGooglePopup,
} from './google';
import { LocalInboxNote } from './LocalInboxNote';
import { ErrorBanner, FieldError, PasswordInput } from './PasswordInput';
import { sendPasswordReset, signInWithPassword, signUp } from './session';
import { rememberSession } from './sessionStorageChoice';
import {
  type AuthErrors,
  type AuthField,
  type AuthForm,
  type AuthMode,
  EMPTY_FORM,
  isEmail,
  validateAuthForm,
} from './validation';

/** How long the success overlay shows before the dialog closes and the studio opens. */
const SUCCESS_OVERLAY_MS = 1200;

const SUCCESS = {
  signin: { title: 'Welcome Back!', text: 'You have been successfully signed in.' },
  signup: { title: 'Account Created!', text: 'Your account has been successfully created.' },
} as const;

type View = AuthMode | 'forgot';

/** The sign-in / sign-up modal (SPEC §2 "Sign-in dialog", §4 "Auth dialog", §5, §8 "Auth"). */
export default function SignInDialog({
  open,
  onClose,
  stayOnPage = false,
}: {
  open: boolean;
  onClose: () => void;
  /** Stay on the current page after signing in instead of going to the studio. */
  stayOnPage?: boolean;
}) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('signin');
  const [form, setForm] = useState<AuthForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState<AuthMode | null>(null);
  const [remember, setRemember] = useState(rememberSession);
  const [googleEnabled, setGoogleEnabled] = useState(false);
  const timer = useRef<number | null>(null);
  const ids = useId();

  useEffect(() => {
    void getConfig().then((c) => setGoogleEnabled(c.googleEnabled));
  }, []);

  // Closing resets all form data, errors and flags.
  useEffect(() => {
    if (open) return;
    if (timer.current) window.clearTimeout(timer.current);
    setView('signin');
    setForm(EMPTY_FORM);
    setErrors({});
    setError(null);
    setNotice(null);
    setSubmitting(false);
    setSuccess(null);
  }, [open]);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);

  function switchView(next: View) {
    setView(next);
    setForm(EMPTY_FORM);
    setErrors({});
    setError(null);
    setNotice(null);
    setSuccess(null);
  }

  function edit(field: AuthField, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setError(null);
  }

  function succeed(mode: AuthMode, user: User) {
    setUser(user);
    setSuccess(mode);
    timer.current = window.setTimeout(() => {
      onClose();
      if (!stayOnPage) void navigate({ to: '/app' });
    }, SUCCESS_OVERLAY_MS);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting || view === 'forgot') return;
    const mode = view;
    const found = validateAuthForm(mode, form);
    setErrors(found);
    setError(null);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    try {
      const user =
        mode === 'signin'
          ? await signInWithPassword(form.email.trim(), form.password, remember)
          : await signUp(form.name.trim(), form.email.trim(), form.password, remember);
      succeed(mode, user);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : GENERIC_AUTH_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  async function submitForgot(e: FormEvent) {
    e.preventDefault();
    const email = form.email.trim();
    if (!email) return setErrors({ email: 'Email is required' });
    if (!isEmail(email)) return setErrors({ email: 'Please enter a valid email address' });
    setSubmitting(true);
    setError(null);
    try {
      await sendPasswordReset(email);
      setNotice(`If an account exists for ${email}, we have sent a link to reset its password.`);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : GENERIC_AUTH_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  async function google() {
    setError(null);
    if (isMobileBrowser()) {
      try {
        // The page leaves for Google: where to come back to survives in this tab's storage.
        rememberReturnTo(stayOnPage);
        await redirectToProvider('redirect');
      } catch {
        setError(MESSAGES.startFailed);
      }
      return;
    }
    try {
      const user = await signInWithGooglePopup();
      setUser(user);
      onClose();
      if (!stayOnPage) void navigate({ to: '/app' });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MESSAGES.exchangeFailed);
    }
  }

  const fieldProps = (field: AuthField) => ({
    id: `${ids}-${field}`,
    value: form[field],
    onChange: (e: { target: { value: string } }) => edit(field, e.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids}-${field}-error` : undefined,
  });

  const title =
    view === 'forgot'
      ? 'Reset your password'
      : view === 'signin'
        ? 'Sign in to Lift3D'
        : 'Create your account';
  const description =
    view === 'forgot'
      ? 'Enter your account email and we will send you a link to choose a new password.'
      : view === 'signin'
        ? 'Welcome back. Sign in to convert images and manage your credits.'
        : 'Sign up to start turning images into 3D models.';

  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {success ? (
        <div
          role="status"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-t-3xl bg-card/95 p-8 text-center backdrop-blur-sm sm:rounded-3xl"
        >
          <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success">
            <CheckCircleIcon className="size-9" />
          </span>
          <p className="text-xl font-semibold">{SUCCESS[success].title}</p>
          <p className="text-sm text-muted-foreground">{SUCCESS[success].text}</p>
        </div>
      ) : null}

      {view !== 'forgot' ? (
        <div
          role="tablist"
          aria-label="Sign in or sign up"
          className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-muted p-1"
        >
          {(['signin', 'signup'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={view === mode}
              onClick={() => view !== mode && switchView(mode)}
              className={cn(
                'cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                view === mode && 'bg-card text-foreground shadow-sm',
              )}
            >
              {mode === 'signin' ? 'Sign In' : 'Sign Up'}
            </button>
          ))}
        </div>
      ) : null}

      {view === 'forgot' ? (
        <form onSubmit={submitForgot} noValidate className="flex flex-col gap-4">
          <ErrorBanner message={error} />
          {notice ? (
            <div
              role="status"
              className="flex flex-col gap-1 rounded-xl border border-success/40 bg-success/10 px-3.5 py-2.5 text-sm text-success"
            >
              <p>{notice}</p>
              <LocalInboxNote />
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-email`}>Email</Label>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldProps('email')} />
            <FieldError id={`${ids}-email-error`} message={errors.email} />
          </div>
          <Button type="submit" variant="neural" size="lg" disabled={submitting}>
            {submitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Button variant="link" className="self-center" onClick={() => switchView('signin')}>
            Back to Sign In
          </Button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <ErrorBanner message={error} />
          {view === 'signup' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-name`}>Full Name</Label>
              <Input autoComplete="name" placeholder="Ada Lovelace" {...fieldProps('name')} />
              <FieldError id={`${ids}-name-error`} message={errors.name} />
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-email`}>Email</Label>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldProps('email')} />
            <FieldError id={`${ids}-email-error`} message={errors.email} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-password`}>Password</Label>
            <PasswordInput
              autoComplete={view === 'signin' ? 'current-password' : 'new-password'}
              placeholder={view === 'signin' ? 'Your password' : 'At least 6 characters'}
              {...fieldProps('password')}
            />
            <FieldError id={`${ids}-password-error`} message={errors.password} />
          </div>
          {view === 'signup' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-confirmPassword`}>Confirm Password</Label>
              <PasswordInput
                autoComplete="new-password"
                placeholder="Repeat your password"
                {...fieldProps('confirmPassword')}
              />
              <FieldError id={`${ids}-confirmPassword-error`} message={errors.confirmPassword} />
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-3">
            <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground select-none">
              <input
                type="checkbox"
                checked={remember}
                onChange={(e) => setRemember(e.target.checked)}
                className="size-4 cursor-pointer rounded border-input accent-primary"
              />
              Remember me
            </label>
            {view === 'signin' ? (
              <Button variant="link" className="text-sm" onClick={() => switchView('forgot')}>
                Forgot password?
              </Button>
            ) : null}
          </div>
          <Button type="submit" variant="neural" size="lg" disabled={submitting}>
            {view === 'signin'
              ? submitting
                ? 'Signing In...'
                : 'Sign In'
              : submitting
                ? 'Creating Account...'
                : 'Create Account'}
          </Button>
          {googleEnabled ? (
            <>
              <div className="flex items-center gap-3 text-xs text-muted-foreground">
                <span className="h-px flex-1 bg-border" />
                or
                <span className="h-px flex-1 bg-border" />
              </div>
              <Button variant="outline" size="lg" onClick={google} disabled={submitting}>
                <GoogleIcon />
                Continue with Google
              </Button>
            </>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
