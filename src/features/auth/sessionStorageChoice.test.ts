import { beforeEach, describe, expect, test } from 'vitest';
import {
  REMEMBER_KEY,
  rememberAwareStorage,
  rememberSession,
  setRememberSession,
} from './sessionStorageChoice';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let localStorage: MemoryStorage;
let sessionStorage: MemoryStorage;

describe('Remember me storage', () => {
  beforeEach(() => {
    localStorage = new MemoryStorage();
    sessionStorage = new MemoryStorage();
    (globalThis as { window?: unknown }).window = { localStorage, sessionStorage };
  });

  test('remembers by default: the session goes to localStorage', () => {
    expect(rememberSession()).toBe(true);
    rememberAwareStorage.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(sessionStorage.getItem('k')).toBeNull();
  });

  test('without Remember me the session lives in sessionStorage only', () => {
    rememberAwareStorage.setItem('k', 'old');
    setRememberSession(false);
    expect(localStorage.getItem(REMEMBER_KEY)).toBe('0');
    rememberAwareStorage.setItem('k', 'v');
    expect(sessionStorage.getItem('k')).toBe('v');
    expect(localStorage.getItem('k')).toBeNull();
    expect(rememberAwareStorage.getItem('k')).toBe('v');
    rememberAwareStorage.removeItem('k');
    expect(rememberAwareStorage.getItem('k')).toBeNull();
  });

  test('the PKCE verifier always stays in localStorage (reset links open in new tabs)', () => {
    setRememberSession(false);
    rememberAwareStorage.setItem('lift3d-auth-token-code-verifier', 'verifier');
    expect(localStorage.getItem('lift3d-auth-token-code-verifier')).toBe('verifier');
  });
});
