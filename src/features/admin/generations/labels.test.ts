import { describe, expect, it } from 'vitest';
import { backendLabel, conversionLabel, secondsBetween } from './labels';

describe('admin conversion labels', () => {
  it('names the backend and says when a hosted run fell back', () => {
    expect(backendLabel('builtin', false)).toBe('Built-in engine');
    expect(backendLabel('meshy', true)).toBe('Meshy, fell back to the built-in engine');
    expect(backendLabel(null, false)).toBe('Not claimed yet');
  });

  it('describes the conversion', () => {
    expect(conversionLabel({ kind: 'video', format: 'glb', topology: 'high' })).toBe(
      '3D Preview · GLB · high detail',
    );
    expect(conversionLabel({ kind: 'model', format: 'stl', topology: 'low' })).toBe(
      '3D Model · STL · low poly',
    );
  });

  it('measures the time between two instants, and nothing when one is missing or they are reversed', () => {
    expect(secondsBetween('2026-11-26T10:00:00.000Z', '2026-11-26T10:01:02.500Z')).toBe(62.5);
    expect(secondsBetween('2026-11-26T10:00:00.000Z', null)).toBeNull();
    expect(secondsBetween('2026-11-26T10:01:00.000Z', '2026-11-26T10:00:00.000Z')).toBeNull();
  });
});
