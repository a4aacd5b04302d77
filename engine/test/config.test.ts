import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configFromEnv } from '../src/config.ts';

describe('config: the environment', () => {
  it('keeps the shipped int8 segmentation unless another precision is asked for by name', () => {
    expect(CONFIG_DEFAULTS.segmentationPrecision).toBe('int8');
    expect(configFromEnv({}).segmentationPrecision).toBe('int8');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'static' }).segmentationPrecision).toBe('static');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'float' }).segmentationPrecision).toBe('float');
    expect(configFromEnv({ LIFT3D_SEGMENTATION_PRECISION: 'fp16' }).segmentationPrecision).toBe('int8');
  });
});
