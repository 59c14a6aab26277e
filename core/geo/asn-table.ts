import { readFileSync } from "node:fs";

export interface AsnRecord {
  asn: number;
  organisation: string;
}

/**
 * Sorted, non-overlapping address ranges → AS number and organisation, searched by bisection.
 * IPv4 ranges live in typed arrays (about 410 000 rows, ~5 MB); IPv6 in bigint arrays.
 */
export class AsnTable {
  private constructor(
    private readonly starts: ArrayLike<number | bigint>,
    private readonly ends: ArrayLike<number | bigint>,
    private readonly asns: Uint32Array,
    private readonly organisationIndex: Uint32Array,
    private readonly organisations: string[],
  ) {}

  /** Parses the `start,end,asn,organisation` numeric CSV of @ip-location-db/asn. */
  static fromCsv(text: string, family: 4 | 6): AsnTable {
    const lines = text.split("\n").filter((line) => line.length > 0);
    const starts = family === 4 ? new Uint32Array(lines.length) : new Array<bigint>(lines.length);
    const ends = family === 4 ? new Uint32Array(lines.length) : new Array<bigint>(lines.length);
    const asns = new Uint32Array(lines.length);
    const organisationIndex = new Uint32Array(lines.length);
    const organisations: string[] = [];
    const seen = new Map<string, number>();
    lines.forEach((line, row) => {
      const first = line.indexOf(",");
      const second = line.indexOf(",", first + 1);
      const third = line.indexOf(",", second + 1);
      const start = line.slice(0, first);
      const end = line.slice(first + 1, second);
      if (family === 4) {
        (starts as Uint32Array)[row] = Number(start);
        (ends as Uint32Array)[row] = Number(end);
      } else {
        (starts as bigint[])[row] = BigInt(start);
        (ends as bigint[])[row] = BigInt(end);
      }
      asns[row] = Number(line.slice(second + 1, third));
      let organisation = line.slice(third + 1);
      if (organisation.startsWith('"')) organisation = organisation.slice(1, -1).replaceAll('""', '"');
      let index = seen.get(organisation);
      if (index === undefined) {
        index = organisations.push(organisation) - 1;
        seen.set(organisation, index);
      }
      organisationIndex[row] = index;
    });
    return new AsnTable(starts, ends, asns, organisationIndex, organisations);
  }

  static fromFile(file: string, family: 4 | 6): AsnTable {
    return AsnTable.fromCsv(readFileSync(file, "utf8"), family);
  }

  get size(): number {
    return this.asns.length;
  }

  /** The range holding `address` (as a number for IPv4, a bigint for IPv6), if any. */
  find(address: number | bigint): AsnRecord | undefined {
    let low = 0;
    let high = this.asns.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const start = this.starts[middle] as number | bigint;
      if (start > address) high = middle - 1;
      else if ((this.ends[middle] as number | bigint) < address) low = middle + 1;
      else
        return {
          asn: this.asns[middle] as number,
          organisation: this.organisations[this.organisationIndex[middle] as number] as string,
        };
    }
    return undefined;
  }
}
