import fs from 'node:fs';

/**
 * Writes a small IPv4 city database in the MaxMind DB format (https://maxmind.github.io/MaxMind-DB/), the
 * format GEOIP_CITY_DB takes (GeoLite2-City, DB-IP City Lite): a binary search tree over the address bits,
 * 16 zero bytes, a data section, and the metadata. Only what a test needs: /N networks to a city and a country.
 */
export function writeCityDatabase(file: string, networks: { cidr: string; city: string; country: string }[]) {
  const data: Buffer[] = [];
  let dataLength = 0;
  const offsets: number[] = [];
  for (const n of networks) {
    offsets.push(dataLength);
    const record = encode({ city: { names: { en: n.city } }, country: { names: { en: n.country } } });
    data.push(record);
    dataLength += record.length;
  }
  // The tree: each node's two records (bit 0, bit 1) hold a node index, EMPTY, or a data offset.
  const EMPTY = -1;
  const nodes: [number, number][] = [[EMPTY, EMPTY]];
  const leaves = new Map<string, number>();
  networks.forEach((n, i) => {
    const [ip, bits] = n.cidr.split('/') as [string, string];
    const value = ip.split('.').reduce((v, part) => v * 256 + Number(part), 0);
    let node = 0;
    for (let b = 0; b < Number(bits); b++) {
      const bit = Math.floor(value / 2 ** (31 - b)) % 2;
      if (b === Number(bits) - 1) {
        leaves.set(`${node}:${bit}`, offsets[i]!);
        break;
      }
      if (nodes[node]![bit] === EMPTY) {
        nodes.push([EMPTY, EMPTY]);
        nodes[node]![bit] = nodes.length - 1;
      }
      node = nodes[node]![bit]!;
    }
  });
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((pair, i) => {
    pair.forEach((child, bit) => {
      const leaf = leaves.get(`${i}:${bit}`);
      const record = leaf !== undefined ? count + 16 + leaf : child === EMPTY ? count : child;
      tree.writeUIntBE(record, i * 6 + bit * 3, 3);
    });
  });
  const metadata = encode({
    node_count: { uint32: count },
    record_size: { uint16: 24 },
    ip_version: { uint16: 4 },
    database_type: 'LocalPerks-Test-City',
    languages: ['en'],
    binary_format_major_version: { uint16: 2 },
    binary_format_minor_version: { uint16: 0 },
    build_epoch: { uint64: Math.floor(Date.now() / 1000) },
    description: { en: 'Test city database' },
  });
  fs.writeFileSync(
    file,
    Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com'), metadata]),
  );
}

type Value = string | string[] | { uint16: number } | { uint32: number } | { uint64: number } | { [key: string]: Value };

/** The data section's encoding of the few types used here: UTF-8 strings, maps, arrays, unsigned integers. */
function encode(value: Value): Buffer {
  const control = (type: number, size: number) => {
    if (size >= 29) throw new Error('test database values are short');
    return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
  };
  const uint = (type: number, n: number, bytes: number) => {
    const b = Buffer.alloc(bytes);
    b.writeUIntBE(n, 0, bytes);
    return Buffer.concat([control(type, bytes), b]);
  };
  if (typeof value === 'string') {
    const s = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, s.length), s]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  if ('uint16' in value && typeof value.uint16 === 'number') return uint(5, value.uint16, 2);
  if ('uint32' in value && typeof value.uint32 === 'number') return uint(6, value.uint32, 4);
  if ('uint64' in value && typeof value.uint64 === 'number') return uint(9, value.uint64, 6);
  const entries = Object.entries(value as Record<string, Value>);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}
