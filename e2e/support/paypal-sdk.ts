// A stand-in for PayPal's JavaScript SDK (https://www.paypal.com/sdk/js), served to the page by route
// interception: `paypal.Buttons(options)` renders one button that runs the options' callbacks in the
// order the real SDK does (onInit, then per click onClick → createOrder → buyer approves → onApprove, or
// onCancel). Like PayPal's, a button disabled through onInit's actions stays clickable: it calls onClick
// and then opens nothing. It stands in for the buyer's browser side only; the orders are created and captured by the
// api function against the PayPal REST stand-in (supabase/functions/api/tests/paypal-standin-server.ts).
import type { Page } from '@playwright/test';

const SDK = `
(() => {
  const created = [];
  window.__paypalStandIn = { created, rejected: 0, blocked: 0 };
  window.paypal = {
    FUNDING: { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', VENMO: 'venmo' },
    isFundingEligible: (source) => source === 'card' || source === 'paypal',
    Buttons(options) {
      let button = null;
      let enabled = true;
      const sync = () => { if (button) button.dataset.enabled = String(enabled); };
      const actions = { enable: async () => { enabled = true; sync(); }, disable: async () => { enabled = false; sync(); } };
      return {
        isEligible: () => true,
        close: async () => { button?.remove(); button = null; },
        async render(container) {
          button = document.createElement('button');
          button.type = 'button';
          button.textContent = options.fundingSource === 'card' ? 'Debit or Credit Card' : 'PayPal';
          button.dataset.funding = options.fundingSource || 'paypal';
          container.appendChild(button);
          sync();
          options.onInit?.({}, actions);
          button.addEventListener('click', async () => {
            // As PayPal documents it: a disabled button still calls onClick, then opens nothing.
            let allowed = true;
            await options.onClick?.({ fundingSource: button.dataset.funding }, {
              resolve: async () => {}, reject: async () => { allowed = false; },
            });
            if (!allowed) { window.__paypalStandIn.rejected += 1; return; }
            if (!enabled) { window.__paypalStandIn.blocked += 1; return; }
            try {
              const orderID = await options.createOrder({ paymentSource: button.dataset.funding }, {});
              created.push(orderID);
              if (window.__paypalBuyer === 'cancels') return options.onCancel?.({ orderID });
              await options.onApprove({ orderID, payerID: 'PAYER-TEST' }, {});
            } catch (error) {
              options.onError?.(error);
            }
          });
        },
      };
    },
  };
})();
`;

/** Serves the SDK stand-in instead of PayPal's script; `buyer` decides what the buyer does at PayPal. */
export async function usePayPalSdkStandIn(page: Page, buyer: 'approves' | 'cancels' = 'approves') {
  await page.addInitScript((b) => {
    (window as unknown as { __paypalBuyer: string }).__paypalBuyer = b;
  }, buyer);
  const fulfil = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: SDK });
  await page.route('https://www.paypal.com/sdk/js**', fulfil);
  await page.route('https://www.sandbox.paypal.com/sdk/js**', fulfil);
}
