// @vitest-environment happy-dom
/**
 * The Transactions screen's "Paid with" (renderer/src/transactions/session-words.ts): a payment is named
 * by the network it arrived on, with that network's name from GET /v1/networks, so a customer who paid
 * on Base to the address shown for Ethereum reads "USDC on Base" (docs/payments.md, "One address on every
 * EVM network"). A network the list does not (yet) hold shows its id, and orphaned payments none.
 */
import { afterAll, expect, test } from 'vitest';
import type { Network, Session } from '../../renderer/src/api-types.js';
import { changeLanguage } from '../../renderer/src/i18n/index.js';
import { paidWith } from '../../renderer/src/transactions/session-words.js';

const networks = [
  { network: 'ethereum', name: 'Ethereum' },
  { network: 'base', name: 'Base' },
] as unknown as Network[];
const payment = (network: string, currency: string, status = 'confirmed') => ({ network, currency, status }) as Session['payments'][number];

afterAll(() => changeLanguage('en'));

test('each payment by its own network: "USDC on Base", one route once, orphaned payments left out', async () => {
  await changeLanguage('en');
  expect(paidWith({ payments: [payment('base', 'USDC')] }, networks)).toBe('USDC on Base');
  expect(paidWith({ payments: [payment('ethereum', 'USDT'), payment('base', 'USDC'), payment('base', 'USDC')] }, networks)).toBe('USDT on Ethereum, USDC on Base');
  expect(paidWith({ payments: [payment('base', 'USDC', 'orphaned')] }, networks)).toBe('—');
  // Before /v1/networks has answered: the id, never nothing.
  expect(paidWith({ payments: [payment('base', 'USDC')] }, [])).toBe('USDC on base');
});

test('in Spanish: "USDC en Base"', async () => {
  await changeLanguage('es');
  expect(paidWith({ payments: [payment('base', 'USDC')] }, networks)).toBe('USDC en Base');
});
