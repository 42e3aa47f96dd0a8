import { BlockList, isIPv4 } from "node:net";

const privateNetworks = new BlockList();
privateNetworks.addSubnet("10.0.0.0", 8, "ipv4");
privateNetworks.addSubnet("172.16.0.0", 12, "ipv4");
privateNetworks.addSubnet("192.168.0.0", 16, "ipv4");
privateNetworks.addSubnet("127.0.0.0", 8, "ipv4");
privateNetworks.addSubnet("fc00::", 7, "ipv6");
privateNetworks.addAddress("::1", "ipv6");

/** A loopback or private-network address (IPv4, IPv4-mapped IPv6 or IPv6): a proxy's, not a shopper's. */
export function isPrivateAddress(address: string): boolean {
  const ipv4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return isIPv4(ipv4) ? privateNetworks.check(ipv4, "ipv4") : privateNetworks.check(address, "ipv6");
}
