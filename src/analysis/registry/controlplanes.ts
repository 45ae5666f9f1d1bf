// Ports of well-known local control planes: Docker's TCP API (2375, 2376, 4243), etcd (2379,
// 2380), the Kubernetes API server (6443), `kubectl proxy` (8001) and the kubelet (10250, 10255,
// 10257, 10259). A request there is not "the project's own server", and even a plain GET reads
// what they hold: container environments, cluster secrets.

export const CONTROL_PLANE_PORTS: ReadonlySet<number> = new Set([2375, 2376, 2379, 2380, 4243, 6443, 8001, 10250, 10255, 10257, 10259]);

/**
 * The control-plane port an http(s) URL names explicitly, or null. Any host counts: a name or a
 * re-spelled address may lead to loopback (`127.1`, `0x7f000001`, `*.nip.io`, an /etc/hosts
 * alias), and a remote cluster's API is no more the project's than a local one.
 */
export function controlPlanePort(url: string): number | null {
  const m = /^(?:https?:\/\/)?(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^/:?#@]*):([0-9]{1,5})(?:[/?#]|$)/i.exec(url);
  if (!m) return null;
  const port = Number(m[1]);
  return CONTROL_PLANE_PORTS.has(port) ? port : null;
}
