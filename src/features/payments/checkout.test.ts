import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS } from '../credits/packs';
import { orderRequest } from './orderRequest';
import { createOrderSlot } from './orderSlot';
import { centredIndex } from './PackPicker';

describe('pre-created order slot', () => {
  it('is used once and then empty', () => {
    const slot = createOrderSlot();
    const t = slot.begin();
    expect(slot.ready).toBe(false);
    expect(slot.fill(t, 'ORDER-1')).toBe(true);
    expect(slot.ready).toBe(true);
    expect(slot.take()).toBe('ORDER-1');
    expect(slot.take()).toBeNull();
    expect(slot.ready).toBe(false);
  });

  it('ignores a late answer for an earlier pack', () => {
    const slot = createOrderSlot();
    const forStarter = slot.begin();
    const forEnterprise = slot.begin();
    expect(slot.fill(forStarter, 'ORDER-STARTER')).toBe(false);
    expect(slot.ready).toBe(false);
    expect(slot.fill(forEnterprise, 'ORDER-ENTERPRISE')).toBe(true);
    expect(slot.take()).toBe('ORDER-ENTERPRISE');
  });

  it('a new round drops an unused order', () => {
    const slot = createOrderSlot();
    slot.fill(slot.begin(), 'ORDER-OLD');
    slot.begin();
    expect(slot.take()).toBeNull();
  });
});

describe('order request', () => {
  it('carries the pack, the user and SCA_WHEN_REQUIRED', () => {
    const pro = CREDIT_PACKS[1];
    const user = { id: 'u-1', email: 'ada@example.com' } as Parameters<typeof orderRequest>[1];
    expect(orderRequest(pro, user)).toEqual({
      packageId: 'professional',
      credits: 12000,
      price: 20,
      userId: 'u-1',
      customerEmail: 'ada@example.com',
      verification: 'SCA_WHEN_REQUIRED',
    });
  });
  it('is a guest order with an empty e-mail when signed out', () => {
    expect(orderRequest(CREDIT_PACKS[0], null)).toMatchObject({ userId: 'guest', customerEmail: '' });
  });
});

describe('carousel centre', () => {
  const cards = [
    { left: 43, width: 304 },
    { left: 363, width: 304 },
    { left: 683, width: 304 },
  ];
  it('picks the card whose centre is nearest the viewport centre', () => {
    expect(centredIndex(0, 390, cards)).toBe(0);
    expect(centredIndex(320, 390, cards)).toBe(1);
    expect(centredIndex(640, 390, cards)).toBe(2);
    // Halfway between two cards, a little past the middle, goes to the next.
    expect(centredIndex(170, 390, cards)).toBe(1);
    expect(centredIndex(150, 390, cards)).toBe(0);
  });
  it('has nothing to pick without cards', () => {
    expect(centredIndex(0, 390, [])).toBe(-1);
  });
});
