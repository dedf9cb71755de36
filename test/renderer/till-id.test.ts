// @vitest-environment happy-dom
/**
 * Which mode's customer display a display page follows (renderer/src/till-id.ts; docs/api.md,
 * "Customer display"): the mode its address names; else, on the till's own device, the mode that till
 * last worked in; else live, the customer's. And the till's own display link names test mode.
 */
import { beforeEach, expect, test } from 'vitest';
import { displayMode, displayQuery, rememberTillMode, tillId } from '../../renderer/src/till-id.js';

const at = (href: string) => new URL(href) as unknown as Location;

beforeEach(() => localStorage.clear());

test('a display page follows live sales unless its address or its device says test', () => {
  expect(displayMode(at('http://pos.lan/#/display?till=abc'))).toEqual({ mode: 'live', given: false });
  expect(displayMode(at('http://pos.lan/#/display?till=abc&mode=test'))).toEqual({ mode: 'test', given: true });
  expect(displayMode(at('http://pos.lan/display?mode=test'))).toEqual({ mode: 'test', given: true });
  expect(displayMode(at('http://pos.lan/#/display?mode=staging'))).toEqual({ mode: 'live', given: false });
  // The desktop app's display window shares the till's storage: it follows the till's mode.
  rememberTillMode(false);
  expect(displayMode(at('http://pos.lan/#/display'))).toEqual({ mode: 'test', given: false });
  expect(displayMode(at('http://pos.lan/#/display?mode=live'))).toEqual({ mode: 'live', given: true });
  rememberTillMode(true);
  expect(displayMode(at('http://pos.lan/#/display'))).toEqual({ mode: 'live', given: false });
});

test("the till's display link names its till, and test mode only when in test mode", () => {
  const till = tillId();
  expect(displayQuery(false)).toBe(`till=${till}&mode=test`);
  expect(displayQuery(true)).toBe(`till=${till}`);
  expect(displayQuery(undefined)).toBe(`till=${till}`); // until the sign-in's mode is known: the live display's link
});
