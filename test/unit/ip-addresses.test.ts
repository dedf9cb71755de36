/** Which addresses count as public for webhook answers (src/domain/ip-addresses.ts). */
import { expect, test } from 'vitest';
import { isPublicAddress } from '../../src/domain/ip-addresses.js';

test('loopback, private, shared, link-local, metadata and reserved IPv4 addresses are not public', () => {
  for (const ip of ['127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.20', '169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1']) {
    expect(isPublicAddress(ip), ip).toBe(false);
  }
  for (const ip of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '100.128.0.1', '93.184.216.34']) expect(isPublicAddress(ip), ip).toBe(true);
});

test('IPv6: loopback, unique-local, link-local, and IPv4 carried inside are classified by what they reach', () => {
  for (const ip of ['::1', '::', '[::1]', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', 'fec0::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:7f00:1]', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '2002:c0a8:0101::1', '2001:db8::1', '2001::1']) {
    expect(isPublicAddress(ip), ip).toBe(false);
  }
  for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1']) expect(isPublicAddress(ip), ip).toBe(true);
});

test('what is no IP address (a name, garbage) is not public: the rule fails closed', () => {
  for (const x of ['localhost', 'shop.example', '', '0x7f000001', '2130706433', '1.2.3']) expect(isPublicAddress(x), x).toBe(false);
});
