import { describe, expect, it } from 'vitest';
import { failureDigest } from './digest.ts';

describe('failureDigest', () => {
  it('keeps the failing test and its error, not the passing lines around them', () => {
    const log = [
      '  ✓  1 [chromium] › e2e/home.spec.ts:3:1 › the landing page (2.1s)',
      '  ✘  2 [chromium] › e2e/share.spec.ts:9:1 › a shared model opens (60.0s)',
      '  1) [chromium] › e2e/share.spec.ts:9:1 › a shared model opens',
      '    Error: expect(locator).toBeVisible() failed',
      '    Timeout: 10000ms',
      '  1 failed',
      '  120 passed (12.4m)',
    ];
    expect(failureDigest(log)).toEqual([
      '  ✘  2 [chromium] › e2e/share.spec.ts:9:1 › a shared model opens (60.0s)',
      '  1) [chromium] › e2e/share.spec.ts:9:1 › a shared model opens',
      '    Error: expect(locator).toBeVisible() failed',
      '    Timeout: 10000ms',
    ]);
  });

  it('leaves out passing tests and server logs that happen to say "timeout" or "Received"', () => {
    const log = [
      '   ✓ a poll that never answers ends at the request timeout and is polled again 1606ms',
      '[WebServer] [mail] 10:39:04 Received: no-reply@lift3d.local -> a@example.test',
      ' FAIL  worker/test/convert-hosted.test.ts > a refused key',
      'AssertionError: expected 1 to be 2',
    ];
    expect(failureDigest(log)).toEqual(log.slice(2));
  });

  it('keeps each repeated line once and cuts long ones', () => {
    const long = `Error: ${'x'.repeat(500)}`;
    const digest = failureDigest([long, long, 'FAIL a.test.ts'], { maxLineLength: 20 });
    expect(digest).toEqual([`${long.slice(0, 20)}…`, 'FAIL a.test.ts']);
  });

  it('falls back to the last lines when nothing names a failure', () => {
    const log = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    expect(failureDigest(log)).toEqual(log.slice(-15));
  });
});
