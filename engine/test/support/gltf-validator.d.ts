// Minimal types for the Khronos validator's npm build (it ships none).
declare module 'gltf-validator' {
  interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      messages: { code: string; message: string; pointer?: string }[];
    };
    info: { totalTriangleCount: number; hasTextures: boolean; drawCallCount: number; [key: string]: unknown };
  }
  interface ValidationOptions {
    maxIssues?: number;
    format?: 'glb' | 'gltf';
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }
  const validator: {
    validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;
    validateString(json: string, options?: ValidationOptions): Promise<ValidationReport>;
    version(): string;
  };
  export default validator;
}
