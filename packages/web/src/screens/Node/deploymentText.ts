import type { NodeDeployment } from '@outpost/shared';

/** The file `outpost daemon` reads by default, in the folder it starts in. */
export const DAEMON_FILE = 'daemon.json';

/** Where the commands put the daemon; any folder will do, the systemd unit names the same one. */
export const INSTALL_FOLDER = '/opt/outpost';

/** What the panel serves at /daemon/ (panel routes/daemonDownload), unpacked into outpost-daemon/. */
const DOWNLOAD = 'outpost-daemon.tgz';
const DAEMON_BIN = 'outpost-daemon/bin/outpost-daemon.js';

/** The deployment as the daemon.json to save on the node: the same keys cli/src/daemon.ts reads. */
export function daemonJson(deployment: NodeDeployment): string {
  return `${JSON.stringify(deployment, null, 2)}\n`;
}

/** A POSIX shell word holding `text` as it is. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The panel's address of the daemon download, from the Master URL the deployment carries. */
export function downloadUrl(deployment: NodeDeployment): string {
  return `${deployment.panelUrl.replace(/\/+$/, '')}/daemon/${DOWNLOAD}`;
}

/**
 * Fetches the daemon download and unpacks it into a folder with node alone (curl, wget, tar and
 * gzip are not on every machine that has Node.js): a tar file is 512-byte headers (name, size in
 * octal, type) each followed by its content. Double quotes only: the shell gets it in single ones.
 */
const fetchAndUnpack = `const [url, dir] = process.argv.slice(1);
const fs = require("fs"), path = require("path"), zlib = require("zlib");
fetch(url).then(async (response) => {
  if (!response.ok) throw new Error(url + ": HTTP " + response.status);
  const tar = zlib.gunzipSync(Buffer.from(await response.arrayBuffer()));
  for (let at = 0; tar[at]; ) {
    const field = (from, length) => tar.toString("utf8", at + from, at + from + length).split("\\0")[0];
    const size = parseInt(field(124, 12), 8) || 0;
    const name = path.join(dir, field(345, 155), field(0, 100));
    fs.mkdirSync(field(156, 1) === "5" ? name : path.dirname(name), { recursive: true });
    if (field(156, 1) !== "5") fs.writeFileSync(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
});`;

/**
 * The commands that set the node up on a machine with Node.js and a POSIX shell, nothing else:
 * fetch and unpack the daemon, write daemon.json readable by its owner only (it holds the
 * secret), start the daemon in the foreground.
 */
export function installCommands(deployment: NodeDeployment): string {
  return [
    `node -e ${quoted(fetchAndUnpack)} ${quoted(downloadUrl(deployment))} ${INSTALL_FOLDER}`,
    `cd ${INSTALL_FOLDER}`,
    `(umask 077 && printf '%s\\n' ${quoted(JSON.stringify(deployment, null, 2))} > ${DAEMON_FILE})`,
    `node ${DAEMON_BIN} --config ${DAEMON_FILE}`,
    '',
  ].join('\n');
}

/** Where systemd reads the unit from. */
export const UNIT_FILE = '/etc/systemd/system/outpost-daemon.service';

/**
 * A systemd unit that keeps the daemon running. Delegate: the daemon puts each server in a cgroup
 * below its own; KillMode mixed: on stop it ends its servers itself, SIGTERM to the daemon alone.
 */
export function systemdUnit(deployment: NodeDeployment): string {
  return `[Unit]
Description=Outpost daemon (node ${deployment.nodeId})
After=network-online.target
Wants=network-online.target

[Service]
WorkingDirectory=${INSTALL_FOLDER}
ExecStart=/usr/bin/env node ${INSTALL_FOLDER}/${DAEMON_BIN} --config ${INSTALL_FOLDER}/${DAEMON_FILE}
Restart=on-failure
Delegate=yes
KillMode=mixed
TimeoutStopSec=90

[Install]
WantedBy=multi-user.target
`;
}

/** After saving the unit: start it now and at every boot. */
export const enableCommand = 'systemctl daemon-reload && systemctl enable --now outpost-daemon';
