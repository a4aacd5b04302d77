/**
 * The one error type the engine throws on purpose. `code` is stable (callers branch on it);
 * `message` is shown to users as is, so it says what went wrong and what to do.
 */
export type EngineErrorCode =
  | 'input_too_large'
  | 'unsupported_format'
  | 'corrupt_image'
  | 'unsafe_svg'
  | 'no_subject'
  | 'invalid_option'
  | 'model_unavailable'
  /** A 3D model from a generation service that is not valid glTF, too large, or has no surface. */
  | 'corrupt_model'
  | 'internal';

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
