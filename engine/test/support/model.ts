/** One converted model shared by the export tests (the synthetic figure, low topology). */

import type { ConvertResult } from '../../src/index.ts';
import { createEngine } from '../../src/index.ts';
import { figure, png } from './synthetic.ts';

let cached: Promise<ConvertResult> | undefined;

export function figureModel(): Promise<ConvertResult> {
  cached ??= (async () => {
    const engine = createEngine();
    return engine.convert(await png(figure(384)), { topology: 'low' });
  })();
  return cached;
}
