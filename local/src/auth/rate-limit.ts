/**
 * In-memory rate limits per bucket and key (usually the client IP), like Supabase Auth's: a token bucket
 * holding `limit` requests that refills continuously over `windowSeconds`, so a burst up to the limit is
 * allowed and the sustained rate is limit/window.
 *
 * notes: memory only; one local process serves one developer, so a restart resetting the counters is fine.
 * Buckets untouched for a full window are dropped on the next sweep to keep the map bounded.
 */
import type { RateLimit } from './config.ts';
import { AuthHttpError } from './errors.ts';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one request from the bucket; returns 0 when allowed, otherwise the seconds to wait. */
  take(name: string, key: string, rule: RateLimit): number {
    const now = this.now();
    this.sweep(now, rule.windowSeconds * 1000);
    const id = `${name}\u0000${key}`;
    const ratePerMs = rule.limit / (rule.windowSeconds * 1000);
    const bucket = this.buckets.get(id) ?? { tokens: rule.limit, updatedAt: now };
    bucket.tokens = Math.min(rule.limit, bucket.tokens + (now - bucket.updatedAt) * ratePerMs);
    bucket.updatedAt = now;
    this.buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
  }

  /** Seconds until `take` would succeed, without taking anything (0: it would succeed now). */
  peek(name: string, key: string, rule: RateLimit): number {
    const bucket = this.buckets.get(`${name}\u0000${key}`);
    if (!bucket) return 0;
    const ratePerMs = rule.limit / (rule.windowSeconds * 1000);
    const tokens = Math.min(rule.limit, bucket.tokens + (this.now() - bucket.updatedAt) * ratePerMs);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000));
  }

  /** Throws GoTrue's 429 when the bucket is empty. */
  enforce(name: string, key: string, rule: RateLimit, what: string): void {
    const wait = this.take(name, key, rule);
    if (wait === 0) return;
    throw new AuthHttpError(
      429,
      name === 'email' ? 'over_email_send_rate_limit' : 'over_request_rate_limit',
      name === 'email'
        ? `Email rate limit exceeded: too many e-mails were sent, try again in ${wait} seconds.`
        : `Request rate limit reached: too many ${what} from this address, try again in ${wait} seconds.`,
      { retryAfter: wait },
    );
  }

  private sweep(now: number, maxAgeMs: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, bucket] of this.buckets) {
      if (now - bucket.updatedAt > Math.max(maxAgeMs, 3_600_000)) this.buckets.delete(id);
    }
  }
}
