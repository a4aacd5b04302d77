import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configFromEnv } from '../src/config.ts';

describe('config: the environment', () => {
  it('runs the statically quantised segmentation unless another precision is asked for by name', () => {
    expect(CONFIG_DEFAULTS.segmentationPrecision).toBe('static');
    expect(configFromEnv({}).segmentationPrecision).toBe('static');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'int8' }).segmentationPrecision).toBe('int8');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'float' }).segmentationPrecision).toBe('float');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'fp16' }).segmentationPrecision).toBe('static');
  });
});
