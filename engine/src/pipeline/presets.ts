/** Per-topology settings. `low` is game-ready (~5k triangles, 1024² texture); `high` keeps detail. */
import type { Topology } from '@lift3d/contract';

export type { Topology };

export interface TopologyPreset {
  /** Geometry grid cells along the subject's longer side. */
  resolution: number;
  targetTriangles: number;
  textureSize: number;
}

export const TOPOLOGY_PRESETS: Record<Topology, TopologyPreset> = {
  low: { resolution: 192, targetTriangles: 5000, textureSize: 1024 },
  high: { resolution: 384, targetTriangles: 60000, textureSize: 2048 },
};
