/**
 * The pre-created order of the PayPal checkout (SPEC §4 "Checkout"): one slot that a background request
 * fills, that the button takes from exactly once, and that ignores answers to requests made for an
 * earlier pack or user (a slow answer must never pay for the wrong pack).
 */
export interface OrderSlot {
  /** Starts a new pre-creation round (pack, user or e-mail changed); empties the slot. Returns its ticket. */
  begin(): number;
  /** Stores an order id if `ticket` is still the current round; returns whether it was kept. */
  fill(ticket: number, orderId: string): boolean;
  /** The prefetched id, used once: the slot is empty afterwards. */
  take(): string | null;
  readonly ready: boolean;
}

export function createOrderSlot(): OrderSlot {
  let round = 0;
  let id: string | null = null;
  return {
    begin() {
      round += 1;
      id = null;
      return round;
    },
    fill(ticket, orderId) {
      if (ticket !== round || !orderId) return false;
      id = orderId;
      return true;
    },
    take() {
      const taken = id;
      id = null;
      return taken;
    },
    get ready() {
      return id !== null;
    },
  };
}
