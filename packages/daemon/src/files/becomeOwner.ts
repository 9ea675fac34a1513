// Preloaded (--import) into the file worker a root daemon starts (JailProcess): it becomes the
// server's user before any worker code runs. Changing uid makes the kernel mark the process
// non-dumpable (fs.suid_dumpable is 0 or 2 on any sane host), and nothing execs afterwards to
// undo it, so the server's programs, though the same uid, cannot ptrace it or read its /proc
// files (environ, mem, fd). A fork with a uid would exec node as that user, dumpable again.
const uid = Number(process.env.OUTPOST_JAIL_UID);
const gid = Number(process.env.OUTPOST_JAIL_GID);
delete process.env.OUTPOST_JAIL_UID;
delete process.env.OUTPOST_JAIL_GID;
if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) process.exit(2);
process.setgroups!([]);
process.setgid!(gid);
process.setuid!(uid);
export {};
