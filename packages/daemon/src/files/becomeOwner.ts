/**
 * Makes the file worker a root daemon started (JailProcess) the server's user, when JailProcess
 * asked for that in its environment. jailWorker calls it once all its code is loaded and before
 * it takes a request: the daemon's code may sit where that user cannot read (a clone in a 0700
 * folder), so nothing may load after it. Changing uid makes the kernel mark the process
 * non-dumpable (fs.suid_dumpable is 0 or 2 on any sane host), and nothing execs afterwards to
 * undo it, so the server's programs, though the same uid, cannot ptrace it or read its /proc
 * files (environ, mem, fd). A fork with a uid would exec node as that user, dumpable again.
 */
export function becomeOwner(): void {
  const { OUTPOST_JAIL_UID, OUTPOST_JAIL_GID } = process.env;
  delete process.env.OUTPOST_JAIL_UID;
  delete process.env.OUTPOST_JAIL_GID;
  // Forked with the ids already (a daemon that is not root): nothing to switch.
  if (OUTPOST_JAIL_UID === undefined && OUTPOST_JAIL_GID === undefined) return;
  const uid = Number(OUTPOST_JAIL_UID);
  const gid = Number(OUTPOST_JAIL_GID);
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) process.exit(2);
  process.setgroups!([]);
  process.setgid!(gid);
  process.setuid!(uid);
}
