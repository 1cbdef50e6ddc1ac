import { describe, expect, it } from 'vitest';
import { payloadDevice } from './use-platform-device';

const browser = { model: 'Linux armv7l', limitAdTracking: true };

describe("the TV player payload's device (§3, decision 0071)", () => {
  it('waits (null) until the platform has said', () => {
    expect(payloadDevice(undefined, browser)).toBeNull();
  });

  it("takes the platform's model, id and ad-tracking choice", () => {
    expect(payloadDevice({ model: 'M55Q7-J01', id: 'VZ1', limitAdTracking: false }, browser)).toEqual({
      model: 'M55Q7-J01',
      id: 'VZ1',
      limitAdTracking: false,
    });
  });

  it("falls back to the browser's for what the platform did not name", () => {
    expect(payloadDevice({ model: null, id: null, limitAdTracking: null }, browser)).toEqual({
      model: 'Linux armv7l',
      id: null,
      limitAdTracking: true,
    });
  });
});
