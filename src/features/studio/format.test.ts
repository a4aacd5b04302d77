import { describe, expect, it } from 'vitest';
import { formatSizeMb, isImageFile, isVideoFile, percent, stem } from './format';

describe('formatSizeMb', () => {
  it('shows megabytes with two decimals', () => {
    expect(formatSizeMb(0)).toBe('0.00 MB');
    expect(formatSizeMb(1024 * 1024)).toBe('1.00 MB');
    expect(formatSizeMb(1_572_864)).toBe('1.50 MB');
    expect(formatSizeMb(12_345)).toBe('0.01 MB');
    expect(formatSizeMb(5_000)).toBe('0.00 MB');
    expect(formatSizeMb(26_738_688)).toBe('25.50 MB');
  });
  it('does not print nonsense for bad input', () => {
    expect(formatSizeMb(Number.NaN)).toBe('0.00 MB');
    expect(formatSizeMb(-1)).toBe('0.00 MB');
  });
});

describe('file type filters', () => {
  it('accepts only image/* for the upload and video/* for the video drop', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/svg+xml' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'image/gif' })).toBe(false);
  });
});

describe('percent and stem', () => {
  it('turns the API fraction into whole percents', () => {
    expect(percent(0)).toBe(0);
    expect(percent(0.426)).toBe(43);
    expect(percent(1)).toBe(100);
    expect(percent(42.6)).toBe(43);
    expect(percent(140)).toBe(100);
    expect(percent(-3)).toBe(0);
    expect(percent(undefined)).toBe(0);
  });
  it('drops the extension and folders of a file name', () => {
    expect(stem('Demo-1.png')).toBe('Demo-1');
    expect(stem('C:\\photos\\my.vase.jpeg')).toBe('my.vase');
    expect(stem('.png')).toBe('.png');
    expect(stem('')).toBe('model');
  });
});
