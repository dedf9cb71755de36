import { describe, expect, test } from 'vitest';
import { canonicalHostName, parseHost } from '../../src/http/host-names.js';
import { HostPolicy } from '../../src/http/host-policy.js';

describe('host names', () => {
  test('a Host header is read as a browser writes it: lower case, no trailing dot, canonical IP literals', () => {
    expect(parseHost('LocalHost.:8420')).toEqual({ name: 'localhost', port: '8420' });
    expect(parseHost('127.1')).toEqual({ name: '127.0.0.1', port: '' });
    expect(parseHost('[0:0:0:0:0:0:0:1]:80')).toEqual({ name: '[::1]', port: '' });
    expect(parseHost('bücher.example')).toEqual({ name: 'xn--bcher-kva.example', port: '' });
    for (const bad of ['', 'a b', 'evil@127.0.0.1', '127.0.0.1/x', 'host?x', '[::1', ':8420']) expect(parseHost(bad), bad).toBeUndefined();
  });

  test('a configured host is a name or an address alone: no scheme, port, path or wildcard', () => {
    expect(canonicalHostName('Backoffice.LAN.')).toEqual({ name: 'backoffice.lan' });
    expect(canonicalHostName('fe80::1')).toEqual({ name: '[fe80::1]' });
    expect(canonicalHostName('[::1]')).toEqual({ name: '[::1]' });
    expect(canonicalHostName(' 192.168.1.20 ')).toEqual({ name: '192.168.1.20' });
    for (const bad of ['http://pos.lan', 'pos.lan:8420', 'pos.lan:80', '[::1]:80', '*.lan', 'pos_lan', 'pos.lan/x', '', 'user@pos.lan']) {
      expect(canonicalHostName(bad), bad).toHaveProperty('problem');
    }
  });
});

describe('HostPolicy', () => {
  test('on 127.0.0.1: loopback names only; no Host at all (HTTP/1.0, never a browser) passes', () => {
    const p = new HostPolicy({ listenHost: '127.0.0.1' }, () => ['192.168.1.20']);
    for (const ok of ['127.0.0.1:8420', '127.0.0.2', 'localhost', '[::1]:8420', undefined]) expect(p.allowsHost(ok), String(ok)).toBe(true);
    for (const no of ['192.168.1.20:8420', 'attacker.example', 'localhost.attacker.example', '']) expect(p.allowsHost(no), no).toBe(false);
  });

  test('on 0.0.0.0: also the machine\'s own addresses, re-read when they change; never a name it was not given', () => {
    let addresses = ['127.0.0.1', '192.168.1.20', '[fe80::1]'];
    let clock = 0;
    let reads = 0;
    const p = new HostPolicy({ listenHost: '0.0.0.0', allowedHosts: ['backoffice.lan'] }, () => (reads++, addresses), () => clock);
    expect(p.allowsHost('192.168.1.20:8420')).toBe(true);
    expect(p.allowsHost('[fe80::1]:8420')).toBe(true);
    expect(p.allowsHost('backoffice.lan:8420')).toBe(true);
    expect(p.allowsHost('0.0.0.0:8420')).toBe(false);
    expect(p.allowsHost('pos.lan')).toBe(false);
    expect(p.allowsHost('10.0.0.7')).toBe(false);
    // DHCP hands out a new address: seen once the last read is a second old, not sooner.
    addresses = ['127.0.0.1', '10.0.0.7'];
    const readsBefore = reads;
    expect(p.allowsHost('10.0.0.7')).toBe(false);
    expect(reads).toBe(readsBefore);
    clock += 1000;
    expect(p.allowsHost('10.0.0.7')).toBe(true);
  });

  test('on a LAN address: that address; the public URL\'s host; configured hosts', () => {
    const p = new HostPolicy({ listenHost: '192.168.1.20', publicUrl: 'https://pay.shop.example', allowedHosts: ['pos.lan'] }, () => []);
    for (const ok of ['192.168.1.20:8420', 'pay.shop.example', 'PAY.SHOP.EXAMPLE.', 'pos.lan:8420', 'localhost:8420']) expect(p.allowsHost(ok), ok).toBe(true);
    for (const no of ['192.168.1.21', 'shop.example', 'pos.lan.attacker.example']) expect(p.allowsHost(no), no).toBe(false);
  });

  test('an Origin passes when it is the page the request was made for, or the public URL', () => {
    const p = new HostPolicy({ listenHost: '127.0.0.1', publicUrl: 'https://pay.shop.example' }, () => []);
    expect(p.allowsOrigin('http://127.0.0.1:8420', '127.0.0.1:8420')).toBe(true);
    expect(p.allowsOrigin('http://localhost:8420', 'LOCALHOST:8420')).toBe(true);
    expect(p.allowsOrigin('http://localhost', 'localhost:80')).toBe(true);
    expect(p.allowsOrigin('https://localhost', 'localhost:443')).toBe(true);
    expect(p.allowsOrigin('https://pay.shop.example', '127.0.0.1:8420')).toBe(true);
    expect(p.allowsOrigin('https://pay.shop.example', undefined)).toBe(true);
    expect(p.allowsOrigin('http://localhost:3000', 'localhost:8420')).toBe(false);
    expect(p.allowsOrigin('http://127.0.0.1:8420', 'localhost:8420')).toBe(false);
    expect(p.allowsOrigin('http://pay.shop.example', '127.0.0.1:8420')).toBe(false);
    expect(p.allowsOrigin('http://127.0.0.1:8420', undefined)).toBe(false);
    expect(p.allowsOrigin('null', '127.0.0.1:8420')).toBe(false);
    expect(p.allowsOrigin('http://127.0.0.1:8420/', '127.0.0.1:8420')).toBe(false);
    expect(p.allowsOrigin('ws://127.0.0.1:8420', '127.0.0.1:8420')).toBe(false);
  });

  test('a bad configured host or listen address stops the start with a clear message', () => {
    expect(() => new HostPolicy({ listenHost: '127.0.0.1', allowedHosts: ['http://pos.lan'] })).toThrow(/allowed host: "http:\/\/pos.lan" is not a host name/);
    expect(() => new HostPolicy({ listenHost: 'localhost:80' })).toThrow(/listen address/);
  });
});
