// Every stage the worker writes to a generation has words in the studio's status line, including the
// hosted backends' `generating`: the SPA must not show a raw stage name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { STAGE_LABELS, stageLabel } from './generation';

const root = resolve(import.meta.dirname, '../../..');

/** Stage names passed as string literals to the worker's and engine's progress callbacks. */
function stagesWritten(): Set<string> {
  const stages = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/\b(?:onProgress|progress)\(\s*'([a-z-]+)'/g))
          stages.add(m[1]);
    }
  };
  walk(join(root, 'worker/src'));
  walk(join(root, 'engine/src'));
  return stages;
}

describe('the studio status line', () => {
  test('a hosted run says it is generating the shape', () => {
    expect(stageLabel({ status: 'processing', stage: 'generating' })).toBe('Generating the 3D shape');
    expect(stageLabel({ status: 'processing', stage: 'provider_queue' })).toBe(
      'Waiting in the 3D service’s queue',
    );
  });

  test('every stage the worker or the engine reports has a label', () => {
    const stages = stagesWritten();
    // The scan finds the stages it must (else it checks nothing).
    for (const known of ['generating', 'isolate', 'geometry', 'render', 'store'])
      expect(stages).toContain(known);
    expect([...stages].filter((s) => !(s in STAGE_LABELS))).toEqual([]);
  });

  test('a job waiting for another attempt says it is retrying; a new one that it waits for a worker', () => {
    expect(stageLabel({ status: 'queued', stage: 'retrying' })).toBe('Retrying on another worker');
    expect(stageLabel({ status: 'queued', stage: 'queued' })).toBe('Waiting for a worker');
  });
});
