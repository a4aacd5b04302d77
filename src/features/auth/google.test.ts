import { describe, expect, test } from 'vitest';
import { isMobileBrowser } from './google';

describe('mobile detection for Google sign-in', () => {
  test('phones and tablets redirect the whole page', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ),
    ).toBe(true);
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(true);
  });

  test('desktop browsers use the popup', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});
