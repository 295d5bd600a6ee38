import { createSocket } from 'node:dgram';

export type Zone = Record<string, { CNAME?: string; TXT?: string[]; A?: string; AAAA?: string }>;

const TYPES = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 } as const;

/** An IPv6 address's 16 bytes ("::" expanded). */
function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const all = [...groups(head), ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...groups(tail ?? '')];
  const bytes = Buffer.alloc(16);
  for (const [index, group] of all.entries()) bytes.writeUInt16BE(Number.parseInt(group, 16), index * 2);
  return bytes;
}

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([
    ...parts.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])),
    Buffer.from([0]),
  ]);
}

function readName(message: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), next: at + 1 };
}

function record(type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(0xc00c, 0); // a pointer to the question's name
  fixed.writeUInt16BE(type, 2);
  fixed.writeUInt16BE(1, 4); // IN
  fixed.writeUInt32BE(60, 6);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(rdata.length);
  return Buffer.concat([fixed.subarray(0, 10), length, rdata]);
}

/** A tiny authoritative DNS server on 127.0.0.1 answering A, AAAA, CNAME and TXT from a zone map. */
export async function startDnsServer(
  initial: Zone,
): Promise<{ address: string; setZone(zone: Zone): void; close(): Promise<void> }> {
  let zone = initial;
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const { name, next } = readName(message, 12);
    const qtype = message.readUInt16BE(next);
    const entry = zone[name];
    const answers: Buffer[] = [];
    if (entry?.CNAME && (qtype === TYPES.CNAME || qtype === TYPES.A))
      answers.push(record(TYPES.CNAME, encodeName(entry.CNAME)));
    if (entry?.TXT && qtype === TYPES.TXT)
      for (const text of entry.TXT)
        answers.push(record(TYPES.TXT, Buffer.concat([Buffer.from([Buffer.byteLength(text)]), Buffer.from(text)])));
    if (entry?.A && qtype === TYPES.A) answers.push(record(TYPES.A, Buffer.from(entry.A.split('.').map(Number))));
    if (entry?.AAAA && qtype === TYPES.AAAA) answers.push(record(TYPES.AAAA, ipv6Bytes(entry.AAAA)));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0); // same id
    // Flags: a response, authoritative, RD echoed, NXDOMAIN when the name is unknown.
    header.writeUInt16BE(0x8400 | (message.readUInt16BE(2) & 0x0100) | (entry ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, message.subarray(12, next + 4), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setZone(next) {
      zone = next;
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
