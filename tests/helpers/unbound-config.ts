/**
 * A configuration for Debian's unbound as a test's own recursive resolver (decision 043): it
 * listens on `listen:port`, asks from `outgoing` (so its queries are told apart from the test's own),
 * and resolves `zone` through a stub pointing at the app's DNS server on 127.0.0.1:`appDnsPort`.
 */
export function unboundConfig(options: {
  listen: string;
  port: number;
  outgoing: string;
  directory: string;
  zone: string;
  appDnsPort: number;
}): string {
  return [
    "server:",
    `  interface: ${options.listen}`,
    `  port: ${options.port}`,
    `  outgoing-interface: ${options.outgoing}`,
    "  do-ip6: no",
    "  do-daemonize: no",
    '  username: ""',
    '  chroot: ""',
    `  directory: "${options.directory}"`,
    '  pidfile: ""',
    "  use-syslog: no",
    "  verbosity: 0",
    "  access-control: 127.0.0.0/8 allow",
    "  do-not-query-localhost: no",
    '  module-config: "iterator"',
    "  qname-minimisation: no",
    '  local-zone: "test." nodefault',
    `  domain-insecure: "${options.zone}"`,
    "stub-zone:",
    `  name: "${options.zone}"`,
    `  stub-addr: 127.0.0.1@${options.appDnsPort}`,
    "remote-control:",
    "  control-enable: no",
    "",
  ].join("\n");
}
