/** Entry of the `outpost` command: dispatches to one file per command. */
export async function main(argv: string[]): Promise<void> {
  throw new Error(`unknown command: ${argv[0] ?? '(none)'}`);
}
