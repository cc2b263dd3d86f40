import { describe, expect, it } from 'vitest';
import { classifyAddress, describeAddressReason, isLoopbackAddress } from './address-policy.ts';

describe('classifyAddress', () => {
  it.each([
    // IPv4 public
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    // IPv6 public
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:82b::200e',
    '[2606:4700::6810:84e5]',
    '::ffff:8.8.8.8',
    '::ffff:0808:0808',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
    '3fff:1000::1',
  ])('allows the public address %s', (ip) => {
    expect(classifyAddress(ip)).toBeNull();
  });

  it.each([
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['10.0.0.1', 'private network'],
    ['10.255.255.255', 'private network'],
    ['172.16.0.1', 'private network'],
    ['172.31.255.255', 'private network'],
    ['192.168.1.10', 'private network'],
    ['192.168.0.0', 'private network'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.170.2', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['192.0.0.192', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['169.254.255.255', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['254.1.1.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.99', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.88.99.1', 'reserved'],
    // IPv6
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private network'],
    ['::ffff:192.168.1.1', 'private network'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::ffff:0:10.0.0.1', 'private network'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'cloud metadata'],
    ['::127.0.0.1', 'reserved'],
    ['::2', 'reserved'],
    ['64:ff9b::a00:1', 'private network'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::1', 'private network'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['2002:c0a8:0101::1', 'private network'],
    ['fc00::1', 'private network'],
    ['fd12:3456:789a::1', 'private network'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private network'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['FD00:EC2:0:0:0:0:0:254', 'cloud metadata'],
    ['fd00:ec2::23', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private network'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['e000::1', 'reserved'],
    // not addresses at all
    ['localhost', 'not an IP address'],
    ['example.com', 'not an IP address'],
    ['', 'not an IP address'],
    ['1.2.3', 'not an IP address'],
    ['1.2.3.256', 'not an IP address'],
    ['::g', 'not an IP address'],
    ['1:2:3:4:5:6:7:8:9', 'not an IP address'],
  ])('refuses %s as %s', (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });

  it('tells loopback apart from the other private ranges', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.9.9.9')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('169.254.169.254')).toBe(false);
    expect(isLoopbackAddress('::')).toBe(false);
    expect(isLoopbackAddress('0.0.0.0')).toBe(false);
    expect(isLoopbackAddress('8.8.8.8')).toBe(false);
  });

  it('describes reasons with the right article', () => {
    expect(describeAddressReason('loopback')).toBe('a loopback address');
    expect(describeAddressReason('private network')).toBe('a private network address');
    expect(describeAddressReason('unspecified')).toBe('an unspecified address');
    expect(describeAddressReason('cloud metadata')).toBe('a cloud metadata address');
  });
});
