/**
 * The studio's variants (SPEC §2 "Studio"): one component, configured. `/app` is the studio, `/app66` the free
 * studio, `/app88` the studio plus a local video dropped into the model panel, `/app99` without STL.
 */
import {
  type GenerationKind,
  MODEL_FORMATS,
  type ModelFormat,
  TOPOLOGIES,
  type Topology,
} from '@lift3d/contract';

export type { GenerationKind, ModelFormat, Topology };

export const ALL_FORMATS: readonly ModelFormat[] = MODEL_FORMATS;
const ALL_TOPOLOGIES: readonly Topology[] = TOPOLOGIES;

export interface StudioVariant {
  id: 'app' | 'app66' | 'app88' | 'app99';
  title: string;
  /** Formats offered by the format listbox, in order. */
  formats: readonly ModelFormat[];
  topologies: readonly Topology[];
  /** Free studio: credits shown as 0 with 'No credits required on App66'. */
  free: boolean;
  /**
   * Its 3D models go to the free endpoint (`POST /api/generations/free`: no credits, low topology, a daily
   * limit per account and network read from `GET /api/generations/free/quota`). 3D Preview videos are not
   * free and stay on the paid flow.
   */
  serverFree: boolean;
  /** The model panel accepts a dropped local video (video/* only). */
  videoDrop: boolean;
  /** Several images at once, one job each (paid studios only). */
  batch: boolean;
}

export const STUDIO_VARIANTS: Readonly<Record<StudioVariant['id'], StudioVariant>> = {
  app: {
    id: 'app',
    title: 'Studio',
    formats: ALL_FORMATS,
    topologies: ALL_TOPOLOGIES,
    free: false,
    serverFree: false,
    videoDrop: false,
    batch: true,
  },
  app66: {
    id: 'app66',
    title: 'Studio (App66)',
    formats: ALL_FORMATS,
    topologies: ['low'],
    free: true,
    serverFree: true,
    videoDrop: true,
    batch: false,
  },
  app88: {
    id: 'app88',
    title: 'Studio',
    formats: ALL_FORMATS,
    topologies: ALL_TOPOLOGIES,
    free: false,
    serverFree: false,
    videoDrop: true,
    batch: true,
  },
  app99: {
    id: 'app99',
    title: 'Studio',
    formats: ['glb', 'gltf', 'obj', 'fbx'],
    topologies: ALL_TOPOLOGIES,
    free: false,
    serverFree: false,
    videoDrop: false,
    batch: true,
  },
};

export const FORMAT_LABELS: Readonly<Record<ModelFormat, string>> = {
  glb: 'GLB',
  gltf: 'glTF',
  obj: 'OBJ',
  fbx: 'FBX',
  stl: 'STL',
};

export const FORMAT_HINTS: Readonly<Record<ModelFormat, string>> = {
  glb: 'one file, web & AR',
  gltf: 'JSON + textures',
  obj: 'zip with MTL + PNG',
  fbx: 'Blender, Unity, Unreal',
  stl: '3D printing, mm',
};

export const TOPOLOGY_LABELS: Readonly<Record<Topology, string>> = {
  low: 'Low poly',
  high: 'High detail',
};
