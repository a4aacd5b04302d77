/**
 * The body and answer of every browser api endpoint named in routes.ts, each a schema of this contract.
 * The api validates its bodies with these very schemas (`jsonBody`) and its test checks that every route
 * is served and answers as described here; the SPA's client (`api.call`) takes its types from the same
 * entry, so a changed field is a type error on both sides.
 */
import * as z from 'zod/mini';
import {
  AddCredits,
  CreateKey,
  DownloadsChange,
  ProfileChanges,
  SaveEndpoint,
  ShareRequest,
} from './account.ts';
import { AdminSetting, LedgerEntry, OrderEntry } from './admin.ts';
import {
  AdminGenerationDetails,
  AdminGenerationPage,
  AnalyticsAnswer,
  BackendsAnswer,
  NewPack,
  PackChanges,
  SettingChange,
  UserPage,
  WorkerKeys,
} from './admin-answers.ts';
import { AdminGenerationsQuery, AdminPageQuery, AdminUsersQuery } from './admin-queries.ts';
import { PublicSettings } from './config.ts';
import { AdminCreditPack, CreditPack } from './credit-pack.ts';
import { ApiKey, DeliveriesQuery, DeliveryPage, WebhookDelivery, WebhookEndpoint } from './developers.ts';
import { ContactMessage, JobApplication, Submitted, Visit, WaitlistSignup } from './forms.ts';
import { FreeQuota, Generation } from './generation.ts';
import { CaptureRequest, CaptureResult, DemoOrder, OrderRequest, OrderStatus } from './payments.ts';
import type { ROUTES, RouteName } from './routes.ts';
import { Share, SharedModel } from './share.ts';
import { UploadAnswer, UploadRequest } from './uploads.ts';
import { Activity, User } from './user.ts';

const Success = z.object({ success: z.boolean() });
const OneUser = z.object({ user: User });
const OneShare = z.object({ share: z.nullable(Share) });
const OneEndpoint = z.object({ endpoint: WebhookEndpoint });
const OneDelivery = z.object({ delivery: WebhookDelivery });
const OnePack = z.object({ pack: AdminCreditPack });
const Nothing = z.null();
const OneGeneration = z.object({ generation: Generation });

export interface Endpoint {
  /** The JSON body, when the endpoint takes one. */
  body: z.ZodMiniType | undefined;
  /** The query string's parameters, when the endpoint reads any. */
  query?: z.ZodMiniType;
  answer: z.ZodMiniType;
}

export const ENDPOINTS = {
  config: { body: undefined, answer: PublicSettings },
  visit: { body: Visit, answer: z.object({ recorded: z.boolean() }) },
  contact: { body: ContactMessage, answer: Submitted },
  waitlist: { body: WaitlistSignup, answer: Submitted },
  apply: { body: JobApplication, answer: Submitted },
  user: { body: undefined, answer: OneUser },
  updateUser: { body: ProfileChanges, answer: OneUser },
  activity: { body: undefined, answer: Activity },
  addCredits: { body: AddCredits, answer: OneUser },
  creditPacks: { body: undefined, answer: z.object({ packs: z.array(CreditPack) }) },
  upload: { body: UploadRequest, answer: UploadAnswer },
  generations: { body: undefined, answer: z.object({ generations: z.array(Generation) }) },
  generation: { body: undefined, answer: OneGeneration },
  cancelGeneration: { body: undefined, answer: OneGeneration },
  deleteGeneration: { body: undefined, answer: Nothing },
  freeQuota: { body: undefined, answer: FreeQuota },
  apiKeys: { body: undefined, answer: z.object({ apiKeys: z.array(ApiKey) }) },
  createApiKey: { body: CreateKey, answer: z.object({ apiKey: ApiKey, secret: z.string() }) },
  revokeApiKey: { body: undefined, answer: Nothing },
  webhookEndpoint: { body: undefined, answer: z.object({ endpoint: z.nullable(WebhookEndpoint) }) },
  saveWebhookEndpoint: { body: SaveEndpoint, answer: OneEndpoint },
  rotateWebhookSecret: { body: undefined, answer: OneEndpoint },
  testWebhook: { body: undefined, answer: OneDelivery },
  resendDelivery: { body: undefined, answer: OneDelivery },
  deliveries: { body: undefined, query: DeliveriesQuery, answer: DeliveryPage },
  share: { body: undefined, answer: OneShare },
  createShare: { body: ShareRequest, answer: OneShare },
  changeShare: { body: DownloadsChange, answer: OneShare },
  stopSharing: { body: undefined, answer: OneShare },
  sharedModel: { body: undefined, answer: z.object({ model: SharedModel }) },
  createDemoOrder: { body: OrderRequest, answer: DemoOrder },
  createPayPalOrder: { body: OrderRequest, answer: z.object({ orderID: z.string() }) },
  captureOrder: { body: CaptureRequest, answer: CaptureResult },
  orderStatus: { body: undefined, answer: OrderStatus },
  adminAnalytics: { body: undefined, answer: AnalyticsAnswer },
  adminBackends: { body: undefined, answer: BackendsAnswer },
  adminUsers: { body: undefined, query: AdminUsersQuery, answer: UserPage },
  adminDeleteUser: { body: undefined, answer: Success },
  adminPacks: { body: undefined, answer: z.object({ packs: z.array(AdminCreditPack) }) },
  adminAddPack: { body: NewPack, answer: OnePack },
  adminChangePack: { body: PackChanges, answer: OnePack },
  adminDeletePack: { body: undefined, answer: Success },
  adminOrders: {
    body: undefined,
    query: AdminPageQuery,
    answer: z.object({ orders: z.array(OrderEntry), total: z.number() }),
  },
  adminLedger: {
    body: undefined,
    query: AdminPageQuery,
    answer: z.object({ entries: z.array(LedgerEntry), total: z.number() }),
  },
  adminGenerations: { body: undefined, query: AdminGenerationsQuery, answer: AdminGenerationPage },
  adminGeneration: { body: undefined, answer: AdminGenerationDetails },
  adminSettings: {
    body: undefined,
    answer: z.object({ settings: z.array(AdminSetting), workers: WorkerKeys }),
  },
  adminChangeSetting: { body: SettingChange, answer: z.object({ setting: AdminSetting }) },
} as const satisfies Record<RouteName, Endpoint>;
export type Endpoints = typeof ENDPOINTS;

type PathOf<N extends RouteName> = (typeof ROUTES)[N] extends `${string} ${infer P}` ? P : never;

/** `{id: string}` for '/users/:id'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;
export type RouteParams<N extends RouteName> = ParamsOf<PathOf<N>>;

/** What the SPA sends to an endpoint: its body as the schema takes it. */
export type RouteBody<N extends RouteName> = Endpoints[N]['body'] extends z.ZodMiniType
  ? z.input<Endpoints[N]['body']>
  : undefined;
/** The query string the SPA sends, as the endpoint's query schema takes it (nothing when it reads none). */
export type RouteQuery<N extends RouteName> = Endpoints[N] extends { query: z.ZodMiniType }
  ? z.input<Endpoints[N]['query']>
  : undefined;
/** What the endpoint answers, as its schema describes it. */
export type RouteAnswer<N extends RouteName> = z.output<Endpoints[N]['answer']>;
