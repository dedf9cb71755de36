/**
 * The printer's address (domain/printer.ts) and the raw TCP printer (services/printer/network-printer.ts)
 * against local stand-ins: a printer that takes the job, one that never reads, one that is off.
 */
import { afterAll, expect, test } from 'vitest';
import { parsePrinterUrl } from '../../src/domain/printer.js';
import { NetworkPrinter, PrinterUnavailableError } from '../../src/services/printer/network-printer.js';
import { escposJob, type FakePrinter, refusedPort, startFakePrinter } from '../helpers/printer-server.js';

const printers: FakePrinter[] = [];
afterAll(async () => {
  for (const p of printers) await p.close();
});

test('printer URLs: tcp://host[:port], 9100 by default, normalised; anything else says what is wrong', () => {
  expect(parsePrinterUrl('tcp://192.168.1.50')).toEqual({ address: { host: '192.168.1.50', port: 9100 }, url: 'tcp://192.168.1.50:9100' });
  expect(parsePrinterUrl('TCP://Printer.Local:9101/')).toEqual({ address: { host: 'printer.local', port: 9101 }, url: 'tcp://printer.local:9101' });
  expect(parsePrinterUrl('tcp://[fe80::1]:9100')).toEqual({ address: { host: 'fe80::1', port: 9100 }, url: 'tcp://[fe80::1]:9100' });
  expect(parsePrinterUrl('tcp://10.0.0.7:1')).toMatchObject({ url: 'tcp://10.0.0.7:1' });
  expect(parsePrinterUrl('tcp://10.0.0.7:65535')).toMatchObject({ url: 'tcp://10.0.0.7:65535' });
  expect(parsePrinterUrl('tcp://10.0.0.7:65536')).toEqual({ problem: 'the port must be 1 to 65535' });
  expect(parsePrinterUrl('tcp://10.0.0.7:0')).toEqual({ problem: 'the port must be 1 to 65535' });
  expect(parsePrinterUrl('http://10.0.0.7:9100')).toHaveProperty('problem');
  expect(parsePrinterUrl('tcp://10.0.0.7:9100?x=1')).toHaveProperty('problem');
  expect(parsePrinterUrl('tcp://-bad-.local')).toHaveProperty('problem');
  expect(parsePrinterUrl(`tcp://${'a'.repeat(300)}`)).toHaveProperty('problem');
  // The shop's own network only: public addresses are refused, private, loopback and link-local are not.
  for (const host of ['8.8.8.8', '[2606:4700::1111]', '[::ffff:8.8.8.8]']) {
    expect((parsePrinterUrl(`tcp://${host}:9100`) as { problem: string }).problem, host).toMatch(/public internet address/);
  }
  for (const host of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.0.20', '169.254.3.4', '100.64.0.5', '[fd12::1]', '[::1]']) {
    expect(parsePrinterUrl(`tcp://${host}:9100`), host).toHaveProperty('address');
  }
});

test('the network printer: the job arrives whole; a printer that never reads or is off fails within its timeouts', async () => {
  const printer = new NetworkPrinter({ connectTimeoutMs: 500, writeTimeoutMs: 500 });
  const ok = await startFakePrinter();
  printers.push(ok);
  const job = escposJob('hello');
  await printer.print({ host: 'localhost', port: ok.port }, job);
  expect(ok.jobs).toEqual([Buffer.from(job)]);

  const stalled = await startFakePrinter('stalled');
  printers.push(stalled);
  let started = Date.now();
  await expect(printer.print({ host: '127.0.0.1', port: stalled.port }, job)).rejects.toThrow(/did not take the receipt within 0\.5 s/);
  expect(Date.now() - started).toBeLessThan(2000);

  started = Date.now();
  const off = printer.print({ host: '127.0.0.1', port: await refusedPort() }, job);
  await expect(off).rejects.toBeInstanceOf(PrinterUnavailableError);
  await expect(off).rejects.toThrow(/refused the connection/);
  expect(Date.now() - started).toBeLessThan(1000);

  await expect(printer.print({ host: 'no-such-printer.invalid', port: 9100 }, job)).rejects.toThrow(/cannot be found/);
});
