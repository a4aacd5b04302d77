/** Object storage as Lift3D uses it: whole objects under opaque keys. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface PresignOptions {
  /** How long the URL works (S3 allows at most a week). */
  expiresInSeconds: number;
  /** Sent back by S3 as Content-Disposition, so a download keeps its file name. */
  contentDisposition?: string;
  /** Sent back by S3 as Content-Type. */
  contentType?: string;
  /** The signing time (tests); now by default. */
  now?: Date;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  getBytes(key: string): Promise<Uint8Array | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the object without the caller's credentials, valid for a short time (S3 only:
   * disk storage has no such URL, its files are streamed by whoever holds the storage).
   */
  presignGet?(key: string, options: PresignOptions): Promise<string>;
  /** A URL that stores one object at `key` with a plain PUT, valid for a short time (S3 only). */
  presignPut?(key: string, options: PresignOptions): Promise<string>;
}

export interface S3Config {
  kind: 's3';
  bucket: string;
  region: string;
  /** null: AWS itself. Supabase Storage: https://<ref>.supabase.co/storage/v1/s3 */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export type StorageConfig = { kind: 'disk'; dir: string } | S3Config;

/** Keys are made by the product (random ids), never by users; anything else is a bug. */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function checkKey(key: string): string {
  if (key.length > 300 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`storage: invalid object key '${key}'`);
  }
  return key;
}
