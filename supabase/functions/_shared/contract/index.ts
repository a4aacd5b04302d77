/**
 * @lift3d/contract: the wire contract of Lift3D in one place. zod schemas, their inferred types and the
 * enums shared by the api function (Deno, through its import map), the worker and engine (Node workspaces)
 * and the SPA (Vite). One declaration each; everything else imports it from here.
 */
export * from './account.ts';
export * from './admin.ts';
export * from './admin-answers.ts';
export * from './admin-queries.ts';
export * from './config.ts';
export * from './credit-pack.ts';
export type { Database, Enums, Functions, Json, Nullable, Tables, Views } from './database.ts';
export * from './developers.ts';
export * from './endpoints.ts';
export * from './errors.ts';
export * from './formats.ts';
export * from './forms.ts';
export * from './generation.ts';
export * from './payments.ts';
export * from './routes.ts';
export * from './share.ts';
export * from './uploads.ts';
export * from './user.ts';
