import { isIP } from 'node:net';

function clean(candidate: string): string | undefined {
  let value = candidate.trim();
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.startsWith('::ffff:') && value.includes('.')) value = value.slice(7);
  return isIP(value) ? value : undefined;
}

// Keep-alive connections send many requests from one socket address: the last one cleaned is kept.
let lastSocketAddress: string | undefined;
let lastCleaned: string | undefined;

function cleanSocketAddress(socketAddress: string): string {
  if (socketAddress !== lastSocketAddress) {
    lastSocketAddress = socketAddress;
    lastCleaned = clean(socketAddress) ?? socketAddress;
  }
  return lastCleaned!;
}

/**
 * The visitor's address: the socket's, or, behind a trusted proxy, the left-most valid entry of
 * X-Forwarded-For (the client as the first proxy saw it).
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    for (const part of header.split(',')) {
      const ip = clean(part);
      if (ip) return ip;
    }
  }
  return socketAddress ? cleanSocketAddress(socketAddress) : '';
}
