/**
 * Whether an address's network is a data centre (cloud, hosting, VPN provider) rather than an
 * access network. Home and mobile connections are not; VPN exits and proxies almost always are.
 * Known networks by AS number first, then words that hosting companies put in their names.
 */
const HOSTING_ASNS = new Set([
  // Cloud platforms
  16509,
  14618,
  8987, // Amazon
  15169,
  396982,
  19527, // Google (incl. Cloud)
  8075,
  8068,
  8069, // Microsoft
  31898, // Oracle Cloud
  36351, // IBM Cloud (SoftLayer)
  45102,
  37963, // Alibaba Cloud
  132203,
  45090, // Tencent Cloud
  13335,
  209242, // Cloudflare (incl. WARP)
  // Hosting and VPS
  14061, // DigitalOcean
  16276, // OVH
  24940,
  213230, // Hetzner
  63949, // Linode / Akamai Cloud
  20473, // Vultr (Choopa)
  51167, // Contabo
  12876, // Scaleway
  60781,
  28753,
  16265,
  7203, // Leaseweb
  46606, // Unified Layer
  26496, // GoDaddy
  8560, // IONOS
  197540, // netcup
  62567, // DigitalOcean (legacy)
  29802, // HiVelocity
  46844, // Sharktech
  // Networks VPN services rent exits from
  9009, // M247
  60068, // Datacamp / CDN77
  212238, // Datacamp
  136787, // TEFINCOM (NordVPN)
  147049, // PacketHub
  49981, // WorldStream
  35916, // Multacom
  62240, // Clouvider
  206092, // IPXO
  51852, // Private Layer
  43350, // NForce
  200651, // Flokinet
]);

const HOSTING_WORDS =
  /\b(hosting|hoster|host|datacenter|data center|data-centre|datacentre|cloud|server|servers|vps|colo|colocation|dedicated|vpn|proxy)\b/i;

export function isHostingNetwork(asn: number | undefined, organisation: string | undefined): boolean {
  if (asn !== undefined && HOSTING_ASNS.has(asn)) return true;
  return organisation !== undefined && HOSTING_WORDS.test(organisation);
}
