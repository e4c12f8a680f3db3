import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";

/**
 * A resolver answering from a table instead of real DNS: the injectable lookup of the guard's tests and of the tests
 * of every package guarding caller-chosen hosts (a name that resolves to a private address, without a DNS server).
 * A name missing from the table fails as `ENOTFOUND`.
 */
export function tableLookup(table: Record<string, string[]>): LookupFunction {
  return ((host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const addresses = table[host];
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
      return;
    }
    const list: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
    if (options.all) callback(null, list);
    else callback(null, list[0]?.address, list[0]?.family);
  }) as unknown as LookupFunction;
}
