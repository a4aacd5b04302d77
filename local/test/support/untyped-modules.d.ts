// Test-only packages that ship no types: the few parts the tests use, typed by hand.

declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    prompt: { name: string; details: { missingOIDCScope?: string[] } };
    params: { client_id: string; scope?: string };
    grantId?: string;
  }

  export interface ProviderInstance {
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: object,
      options?: object,
    ): Promise<void>;
    Grant: new (options: {
      accountId: string;
      clientId: string;
    }) => {
      addOIDCScope(scope: string): void;
      save(): Promise<string>;
    };
  }

  const Provider: new (issuer: string, config: object) => ProviderInstance;
  export default Provider;
}

// supabase-js only needs a WebSocket constructor on Node 20 (see STACK.md).
declare module 'ws' {
  export const WebSocket: unknown;
}
