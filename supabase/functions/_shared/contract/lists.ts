/**
 * The value lists behind formats.ts's enums, without zod: the engine needs only the names, and loading
 * zod with the whole contract cost a cold `img3d` call ~0.2 s of CPU. formats.ts re-exports them.
 */

/** Formats a user picks when converting, in the order menus offer them. */
export const MODEL_FORMATS = ['glb', 'gltf', 'obj', 'fbx', 'stl'] as const;

/** Made by every conversion as well, for AR (USDZ) and printing (3MF); models made before them lack them. */
export const EXTRA_MODEL_FORMATS = ['usdz', '3mf'] as const;

/** Every file format the engine writes, in the order the worker exports them. */
export const EXPORT_FORMATS = [...MODEL_FORMATS, ...EXTRA_MODEL_FORMATS] as const;

export const TOPOLOGIES = ['low', 'high'] as const;

/** The extra sides of the one object in a multi-view conversion (form fields `view_right`, ...). */
export const VIEW_NAMES = ['right', 'back', 'left'] as const;
