/** Every IPv4 and IPv6 address of a host name through Deno's resolver (empty when the name does not exist). */
export async function resolveHost(host: string): Promise<string[]> {
  const lookups = await Promise.allSettled([Deno.resolveDns(host, 'A'), Deno.resolveDns(host, 'AAAA')]);
  return lookups.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}
