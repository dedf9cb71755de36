/**
 * The Webhooks screen in a real browser against the headless app and a local receiver: add an
 * endpoint (its secret shown once), send a test event and see the delivery and its answer, resend,
 * disable, rotate the secret, delete (confirmed first). The receiver is on loopback, so its answers
 * are kept back until the owner confirms the endpoint with their PIN (docs/webhooks.md, "Answers from
 * the shop's network").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, openAppInBrowser, screenshot, TEST_OWNER, uiBudget } from '../helpers/browser.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string>; body: string }[] = [];
let answer = 200;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'thanks' : 'receiver refused it');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // Retries far off, so only what the test does reaches the receiver.
  app = await openAppInBrowser('webhooks', { webhookRetryDelaysMs: [600_000, 600_000] });
  ({ t, page, errors } = app);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  receiver?.close();
});

test('add an endpoint: the secret is shown once and verifies what the receiver gets', async () => {
  await page.getByLabel('Endpoint URL').fill(receiverUrl);
  await page.getByLabel('Description').fill('till');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.locator('.secret-value').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await screenshot(page, 'webhooks-secret');
  await page.getByRole('button', { name: 'Done' }).click();
  expect(await page.locator('.secret-value').count()).toBe(0);
  expect(await page.getByText(`${receiverUrl}`).count()).toBe(1);

  await page.getByRole('button', { name: 'Deliveries' }).click();
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
  const verified = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
  expect(verified.type).toBe('webhook_endpoint.test');
  await page.getByRole('button', { name: 'Reload' }).click();
  const deliveries = page.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
  await expect.poll(() => deliveries.getByRole('row').first().innerText()).toMatch(/webhook_endpoint\.test[\s\S]*succeeded[\s\S]*1 attempt[\s\S]*200 in \d+ ms/);
}, uiBudget(12, [10_000]));

test('a loopback receiver\'s answer is kept back until the owner confirms the endpoint with their PIN', async () => {
  answer = 400; // a final failure: not retried (a 5xx would be, and a resend would queue behind it)
  const rows = () => page.getByRole('table', { name: `Deliveries to ${receiverUrl}` }).getByRole('row');
  const sendAndOpenFirst = async () => {
    const before = received.length;
    const shown = await rows().count();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 1);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => rows().count()).toBe(shown + 1); // newest first: the new one on top
    const first = rows().first();
    await expect.poll(() => first.innerText()).toMatch(/failed[\s\S]*1 attempt[\s\S]*400 in \d+ ms/);
    await first.getByText(/400 in/).click();
    return first;
  };
  const hidden = await sendAndOpenFirst();
  expect(await hidden.innerText()).toContain('The answer is kept back: this address is on the shop\'s own network');
  expect(await hidden.locator('pre').count()).toBe(0);

  // Confirming says in plain words what it allows, names the address and asks for the PIN.
  await page.getByRole('button', { name: 'Show its answers…' }).click();
  const form = page.getByRole('form', { name: `Confirm ${receiverUrl}` });
  const words = (await form.innerText()).replace(/\s+/g, ' ');
  expect(words).toContain(`Confirm ${receiverUrl} as a system of yours?`);
  expect(words).toContain('Once confirmed, anyone who can see this endpoint\'s deliveries, API keys of this mode included, reads what it answers.');
  for (const [width, height] of [[1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `webhooks-confirm-${width}`);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });
  const errorsBefore = errors.length;
  await form.getByLabel('Your PIN').fill('9731');
  await form.getByRole('button', { name: 'Confirm and show its answers' }).click();
  await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/PIN/);
  // The wrong PIN's 400 is the browser's only complaint, and an expected one.
  expect(errors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  expect((await t.api('GET', '/v1/webhook_endpoints')).body.data.items[0].owner_confirmed_at).toBeNull();
  await form.getByLabel('Your PIN').fill(TEST_OWNER.pin);
  await form.getByRole('button', { name: 'Confirm and show its answers' }).click();
  await expect.poll(() => page.getByText(/^Enabled · all events · till · answers shown \(confirmed by the owner\)$/).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Show its answers…' }).count()).toBe(0);

  await expect.poll(() => rows().count()).toBe(2); // the log read again once confirmed
  const first = await sendAndOpenFirst();
  expect(await first.locator('pre').innerText()).toBe('receiver refused it');
  const failedId = received[received.length - 1]!.headers['webhook-id'];
  answer = 200;
  await first.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => received.filter((r) => r.headers['webhook-id'] === failedId).length, { timeout: 10_000 }).toBe(2);
  await screenshot(page, 'webhooks-deliveries');
}, uiBudget(30, [10_000, 10_000, 10_000]));

test('disable, rotate and delete', async () => {
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect.poll(() => page.getByText(/^Disabled · all events · till · answers shown/).count()).toBe(1);
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect.poll(() => page.getByText(/^Enabled · all events · till · answers shown/).count()).toBe(1);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  expect((await page.locator('.secret-value').innerText()).trim()).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'Done' }).click();
  // Deleting is confirmed first, naming the endpoint; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(`${receiverUrl} gets no more events from now on`);
  await screenshot(page, 'webhooks-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  expect((await t.api('GET', '/v1/webhook_endpoints')).body.data.items).toHaveLength(1);
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect.poll(() => page.getByText('No endpoints yet.').count()).toBe(1);
  expect((await t.api('GET', '/v1/webhook_endpoints')).body.data.items).toEqual([]);
  expect(errors).toEqual([]);
});
