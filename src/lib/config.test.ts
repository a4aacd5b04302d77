import { describe, expect, it } from 'vitest';
import { defaultConfig } from './config-defaults';
import { parseConfig } from './config-parse';

const origin = 'http://localhost:3000';

describe('config', () => {
  it('reads a complete /config.json', () => {
    const body = {
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon',
      apiUrl: 'https://abc.supabase.co/functions/v1/api/',
      googleEnabled: true,
      payments: 'paypal',
      paypalClientId: 'pp-1',
      mailInboxUrl: '/mail/',
    };
    expect(parseConfig(body, origin)).toEqual({
      ...body,
      apiUrl: 'https://abc.supabase.co/functions/v1/api',
    });
  });

  it('fills what is missing with same-origin defaults', () => {
    expect(parseConfig({ supabaseAnonKey: 'k', paypalClientId: null }, origin)).toEqual({
      ...defaultConfig(origin),
      supabaseAnonKey: 'k',
    });
    expect(defaultConfig(origin)).toMatchObject({ supabaseUrl: origin, apiUrl: '/api', payments: 'demo' });
  });

  it('refuses a malformed file and names the field', () => {
    expect(() => parseConfig({ payments: 'stripe' }, origin)).toThrow(
      /config: \/config.json is malformed.*payments/,
    );
    expect(() => parseConfig('nope', origin)).toThrow(/malformed/);
  });
});
