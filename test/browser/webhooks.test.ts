/**
 * The Webhooks screen in a real browser against the headless app and a local receiver: add an
 * endpoint (its secret shown once), send a test event and see the delivery and its answer, resend,
 * disable, rotate the secret, delete (confirmed first).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';
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

test('a refused delivery shows the answer; Resend sends the same event again', async () => {
  answer = 400; // a final failure: not retried (a 5xx would be, and a resend would queue behind it)
  const before = received.length;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 1);
  const failedId = received[before]!.headers['webhook-id'];
  await page.getByRole('button', { name: 'Reload' }).click();
  const first = page.getByRole('table', { name: `Deliveries to ${receiverUrl}` }).getByRole('row').first();
  await expect.poll(() => first.innerText()).toMatch(/failed[\s\S]*1 attempt[\s\S]*400 in \d+ ms/);
  await first.getByText(/400 in/).click();
  expect(await first.locator('pre').innerText()).toBe('receiver refused it');
  answer = 200;
  await first.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => received.filter((r) => r.headers['webhook-id'] === failedId).length, { timeout: 10_000 }).toBe(2);
  await screenshot(page, 'webhooks-deliveries');
}, uiBudget(10, [10_000, 10_000]));

test('disable, rotate and delete', async () => {
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect.poll(() => page.getByText(/^Disabled · all events · till$/).count()).toBe(1);
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect.poll(() => page.getByText(/^Enabled · all events · till$/).count()).toBe(1);
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
