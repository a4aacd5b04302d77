// Runs the PayPal REST stand-in on its own, for browser checks against a stack in PayPal mode:
//   deno run --allow-net tests/paypal-standin-server.ts
// then start the stack with the printed PAYPAL_* variables.
import { startPayPalStandIn } from './paypal-standin.ts';

const standin = await startPayPalStandIn();
console.log(
  [
    `PAYPAL_API_BASE=${standin.url}`,
    `PAYPAL_CLIENT_ID=${standin.clientId}`,
    `PAYPAL_CLIENT_SECRET=${standin.clientSecret}`,
    `PAYPAL_WEBHOOK_ID=${standin.webhookId}`,
  ].join(' '),
);
