/** The largest block whose release moves glibc's thresholds (32 MiB on 64-bit), less room for its header. */
const RAISE_TO = 30 << 20;

/**
 * Lets glibc's malloc keep up to 60 MiB of freed memory for reuse instead of giving it back to
 * the kernel at once. Node copies each piece of a request body into a new buffer (64 KiB at a
 * time); a young-generation GC frees some 30 MB of them at a time during an upload, the default
 * 128 KiB trim threshold hands that memory back, and the next pieces fault it in again page by
 * page. On a virtual machine a page fault is dear: in `npm run bench:files` a 200 MB upload cost
 * the panel 5,000–8,000 of them and 0.4 s of CPU time; with this, 500–1,000 and 0.25 s.
 *
 * Freeing a mapped block of up to 32 MiB raises glibc's mmap threshold to its size and the trim
 * threshold to twice that (mallopt(3), "dynamic mmap threshold"), so one 30 MiB buffer, dropped
 * here and released by the next GC, sets them to 30 and 60 MiB. Its pages are never touched, so
 * it costs no memory. Other C libraries just free it.
 */
export function keepFreedMemory(): void {
  Buffer.allocUnsafeSlow(RAISE_TO);
}
