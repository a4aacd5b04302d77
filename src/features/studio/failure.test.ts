import { describe, expect, test } from 'vitest';
import { classifyFailure } from './failure';
import { jobStatusOf, STATUS_LABELS } from './generation';

describe('classifyFailure', () => {
  test("the engine's refusals are the user's input, without the step prefix", () => {
    expect(
      classifyFailure(
        'isolate: No subject found in the image. Use a photo with one clearly visible object. (The image is fully transparent.)',
      ),
    ).toEqual({
      kind: 'input',
      message:
        'No subject found in the image. Use a photo with one clearly visible object. (The image is fully transparent.)',
    });
    expect(
      classifyFailure('decode: the PNG file is damaged and cannot be read. Re-export it and try again.'),
    ).toEqual({
      kind: 'input',
      message: 'The PNG file is damaged and cannot be read. Re-export it and try again.',
    });
  });

  test('our own failures and missing reasons are server errors', () => {
    expect(classifyFailure(null)).toEqual({ kind: 'server' });
    expect(classifyFailure('')).toEqual({ kind: 'server' });
    expect(
      classifyFailure(
        'The conversion failed on our side. Your credits have been refunded. Please try again.',
      ),
    ).toEqual({ kind: 'server' });
    expect(
      classifyFailure(
        'The conversion stopped unexpectedly and could not be finished. Your credits have been refunded. Please try again.',
      ),
    ).toEqual({ kind: 'server' });
  });

  test('a cancel by the owner or an administrator is neither the input nor a fault', () => {
    expect(classifyFailure('Cancelled. Your credits have been refunded.')).toEqual({
      kind: 'cancelled',
      message: 'Cancelled. Your credits have been refunded.',
    });
    expect(classifyFailure('Cancelled by an administrator.').kind).toBe('cancelled');
    expect(classifyFailure('Cancelled the order').kind).toBe('server');
  });
});

describe('jobStatusOf', () => {
  test('a cancel is its own state, neither an error nor a success', () => {
    expect(jobStatusOf({ status: 'failed', error: 'Cancelled. Your credits have been refunded.' })).toBe(
      'cancelled',
    );
    expect(jobStatusOf({ status: 'failed', error: 'Cancelled by an administrator.' })).toBe('cancelled');
    expect(jobStatusOf({ status: 'failed', error: 'decode: not an image' })).toBe('error');
    expect(STATUS_LABELS.cancelled).toBe('Cancelled');
    expect(STATUS_LABELS.idle).toBe('Not started');
  });
});
