import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  const ipv4 = bare.toLowerCase().startsWith('::ffff:') ? bare.slice(7) : bare;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  // The URL parser writes an IPv6 address in its shortest form (0:0:0:0:0:0:0:1 becomes ::1).
  return isIP(bare) === 6 && new URL(`http://[${bare}]/`).hostname === '[::1]';
}

/** A host name or address the server may listen on that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/** `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `::1`; anything else as it is. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1] ?? '';
  const ipv4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  return ipv4WithPort?.[1] ?? address;
}

/** Every address a request names in X-Forwarded-For or Forwarded (for=…), as sent. */
function forwardedAddresses(headers: Record<string, string | string[] | undefined>): string[] {
  const values = (name: string) => {
    const value = headers[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const addresses = values('x-forwarded-for').flatMap((value) => value.split(','));
  for (const value of values('forwarded'))
    for (const element of value.split(/[,;]/)) {
      const [key, raw = ''] = element.split('=');
      if (key?.trim().toLowerCase() === 'for') addresses.push(raw.trim().replace(/^"|"$/g, ''));
    }
  return addresses.map((address) => address.trim());
}

/**
 * Whether a request certainly comes from this machine: the TCP peer (the socket's remote address, which
 * no header can change) is a loopback address, and every client a proxy names in X-Forwarded-For or
 * Forwarded is loopback too. The second rule keeps a proxy on the same host (whose own address is
 * loopback) from handing the outbox to the clients it forwards, whatever TRUST_PROXY says; a client
 * cannot forge its way in, because a forged header still arrives through a non-loopback socket or next
 * to the proxy's appended real address.
 */
export function comesFromThisMachine(request: {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return forwardedAddresses(request.headers).every((address) => isLoopbackAddress(withoutPort(address)));
}
