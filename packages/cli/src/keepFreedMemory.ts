/** The largest block whose release moves glibc's thresholds (32 MiB on 64-bit), less room for its header. */
const RAISE_TO = 30 << 20;

/**
 * Lets glibc's malloc keep up to 60 MiB of freed memory for reuse instead of giving it back to
 * the kernel at once. Node copies each piece of a request body into a new buffer (64 KiB at a
 * time); each GC during an upload frees a batch of them, glibc's trim threshold (128 KiB, or
 * 2 MiB once a 1 MiB buffer has been freed) hands that memory back, and the next pieces fault
 * it in again page by page. On a virtual machine a page fault is dear: in `npm run bench:files`
 * a 200 MB upload cost the panel 4,500–7,900 of them and 0.3–0.8 s of CPU time; with this,
 * under 1,100 and 0.2–0.35 s.
 *
 * Freeing a mapped block of up to 32 MiB raises glibc's mmap threshold to its size and the trim
 * threshold to twice that (mallopt(3), "dynamic mmap threshold"), so one 30 MiB buffer, dropped
 * here and released by the next GC, sets them to 30 and 60 MiB. Its pages are never touched, so
 * it costs no memory. Other C libraries just free it.
 */
export function keepFreedMemory(): void {
  Buffer.allocUnsafeSlow(RAISE_TO);
}
