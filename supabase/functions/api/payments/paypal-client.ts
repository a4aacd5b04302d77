/**
 * A small PayPal REST client: OAuth 2 client-credentials token, Orders v2 create and capture, and the
 * verify-webhook-signature call. Only the documented endpoints and fields this product needs.
 *
 * notes:
 * - The access token is cached until shortly before `expires_in`; a 401 drops it and retries once.
 * - `PayPal-Request-Id` makes create and capture idempotent at PayPal: a retried request returns the
 *   first result instead of a second order or capture.
 * - Money crosses as strings ("20.00"); `toCents`/`fromCents` convert without floating point.
 */
import type { PayPalConfig } from '../core/config.ts';
import { ApiError } from '../core/errors.ts';

const DEFAULTS = {
  /** Renew the token this long before PayPal says it expires. */
  tokenSlackSeconds: 60,
  timeoutMs: 20_000,
};

interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount?: PayPalMoney;
  custom_id?: string;
}

export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }>;
}

export interface CreateOrderInput {
  requestId: string;
  referenceId: string;
  customId: string;
  invoiceId: string;
  description: string;
  amountCents: number;
  currency: string;
}

export interface WebhookHeaders {
  authAlgo: string | null;
  certUrl: string | null;
  transmissionId: string | null;
  transmissionSig: string | null;
  transmissionTime: string | null;
}

function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "20.00" → 2000; "20" → 2000; anything that is not a plain decimal amount → null. */
export function toCents(value: string | undefined): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The first capture of an order's first purchase unit (this product sends one unit per order). */
export function firstCapture(order: PayPalOrder): PayPalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
}

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: PayPalConfig,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  createOrder(input: CreateOrderInput): Promise<PayPalOrder> {
    return this.call<PayPalOrder>('POST', '/v2/checkout/orders', {
      requestId: input.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.referenceId,
            custom_id: input.customId,
            invoice_id: input.invoiceId,
            description: input.description,
            amount: { currency_code: input.currency, value: fromCents(input.amountCents) },
          },
        ],
      },
    });
  }

  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      requestId,
      body: {},
    });
  }

  getOrder(orderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, {});
  }

  /** Asks PayPal whether this exact event body was signed by PayPal for our webhook. */
  async verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean> {
    if (!this.config.webhookId) {
      throw new ApiError(503, 'paypal: PAYPAL_WEBHOOK_ID is not configured; webhooks cannot be verified.');
    }
    const missing = Object.entries(headers).find(([, v]) => !v);
    if (missing) return false;
    const result = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        body: {
          auth_algo: headers.authAlgo,
          cert_url: headers.certUrl,
          transmission_id: headers.transmissionId,
          transmission_sig: headers.transmissionSig,
          transmission_time: headers.transmissionTime,
          webhook_id: this.config.webhookId,
          webhook_event: event,
        },
      },
    );
    return result.verification_status === 'SUCCESS';
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await this.send(`${this.config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${this.config.clientId}:${this.config.clientSecret}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!res.ok || !body?.access_token) {
      console.error(`paypal: token request failed with HTTP ${res.status}`);
      throw new ApiError(502, 'The payment provider refused our credentials. Please try again later.');
    }
    const seconds = Math.max(0, (body.expires_in ?? 0) - DEFAULTS.tokenSlackSeconds);
    this.token = { value: body.access_token, expiresAt: Date.now() + seconds * 1000 };
    return this.token.value;
  }

  private async call<T>(
    method: string,
    path: string,
    options: { body?: unknown; requestId?: string },
    retried = false,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await this.accessToken()}`,
      Accept: 'application/json',
      Prefer: 'return=representation',
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
    const res = await this.send(`${this.config.apiBase}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (res.status === 401 && !retried) {
      this.token = null;
      await res.body?.cancel();
      return this.call<T>(method, path, options, true);
    }
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      const detail = data as { name?: string; message?: string; details?: Array<{ issue?: string }> } | null;
      const issue = detail?.details?.[0]?.issue ?? detail?.name ?? `HTTP ${res.status}`;
      console.error(`paypal: ${method} ${path} failed: ${issue} ${detail?.message ?? ''}`);
      if (issue === 'INSTRUMENT_DECLINED')
        throw new ApiError(402, 'Your payment method was declined. Please try another card or account.');
      if (res.status === 422 || res.status === 400)
        throw new ApiError(400, `The payment provider refused the request (${issue}). Please try again.`);
      if (res.status === 404) throw new ApiError(404, 'The payment provider does not know this order.');
      throw new ApiError(502, 'The payment provider is not answering correctly. Please try again later.');
    }
    return data as T;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(DEFAULTS.timeoutMs) });
    } catch (error) {
      console.error(`paypal: ${init.method} ${url} did not answer: ${(error as Error).message}`);
      throw new ApiError(502, 'The payment provider could not be reached. Please try again in a moment.');
    }
  }
}
