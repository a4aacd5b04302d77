// The Khronos validator ships no types; the studio test reads only the error count and the first messages.
declare module 'gltf-validator' {
  interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: Array<{ code: string; message: string }> };
  }
  const validator: {
    validateBytes(data: Uint8Array, options?: Record<string, unknown>): Promise<ValidationReport>;
  };
  export default validator;
}
