/**
 * What the domain checks ask of DNS (decision 0080): the records of one name, of one type. Each method
 * answers the record data, an empty list when the name has no such records (NXDOMAIN, or NODATA: the
 * name exists without that type), and throws DnsUnavailableError when DNS could not be asked (a timeout,
 * SERVFAIL, a refused connection): then nothing may be concluded about the domain.
 */
export interface DnsResolver {
  /** TXT records, each as its character-strings (RFC 1035 §3.3.14); a reader joins them. */
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

/** DNS could not be asked or did not answer: the caller changes nothing and says so (503). */
export class DnsUnavailableError extends Error {
  constructor(
    readonly code: string,
    readonly hostname: string,
  ) {
    super(`DNS did not answer for ${hostname} (${code})`);
    this.name = "DnsUnavailableError";
  }
}
